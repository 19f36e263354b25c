// Dashboard sessions for tests: admin users made through the real service, signed in through next-auth's credentials
// flow as the browser does it, and the session cookies a careless or hostile client sends instead (expired, garbage,
// sealed with another secret).
import crypto from "node:crypto";
import { encode } from "next-auth/jwt";
import { inject } from "vitest";
import { db } from "@/lib/db";
import { startAdminSession } from "@/modules/access/services/admin-sessions";
import { operatorCaller } from "@/modules/access/services/caller";
import { createAdminUser } from "@/modules/access/services/admin-users";
import { MODULES, PERMISSIONS, type AccessGroupValues, type AdminRole } from "@/modules/access/schemas/access";
import { baseUrl, uniqueIp } from "./helpers";

/** next-auth 4's cookie name on plain http (the test server's NEXTAUTH_URL); on https it is `__Secure-` prefixed. */
const SESSION_COOKIE = "next-auth.session-token";

export interface TestAdmin {
  id: number;
  email: string;
  password: string;
}

export async function newAdminUser(
  role: AdminRole = "ADMIN",
  access: Partial<AccessGroupValues> = {},
): Promise<TestAdmin> {
  const email = `admin-${crypto.randomBytes(5).toString("hex")}@example.org`;
  const password = crypto.randomBytes(12).toString("base64url");
  const user = await createAdminUser(operatorCaller(), {
    email,
    name: `Test ${role}`,
    password,
    role,
    access: {
      modules: [...MODULES],
      permissions: [...PERMISSIONS],
      company_ids: null,
      include_descendants: true,
      ...access,
    },
  });
  return { id: user.id, email, password };
}

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** One sign-in attempt as next-auth's client makes it: CSRF token first, then the credentials callback. */
export async function signInAttempt(email: string, password: string, ip = uniqueIp()) {
  const csrf = await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { "x-forwarded-for": ip } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${baseUrl()}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf), "x-forwarded-for": ip },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  const { url } = (await response.json()) as { url: string };
  const error = new URL(url).searchParams.get("error");
  return { error, cookie: [cookieHeader(csrf), cookieHeader(response)].filter(Boolean).join("; ") };
}

/** The cookie header of a signed-in session; fails the test when sign-in does. */
export async function signIn(admin: TestAdmin): Promise<string> {
  const { error, cookie } = await signInAttempt(admin.email, admin.password);
  if (error || !cookie.includes(`${SESSION_COOKIE}=`)) throw new Error(`sign-in of ${admin.email} failed: ${error}`);
  return cookie;
}

/**
 * A session cookie sealed as next-auth seals its JWT sessions (A256GCM with a key derived from the secret), for
 * `uid` and `maxAgeSeconds` from now (negative: already expired, beyond next-auth's 15 s clock tolerance), naming a
 * session recorded for that user as sign-in records it (none when there is no such user: it names one that is not).
 */
export async function sealedSessionCookie(options: {
  uid: number;
  maxAgeSeconds: number;
  secret?: string;
}): Promise<string> {
  const exists = (await db().adminUser.count({ where: { id: options.uid } })) > 0;
  const sid = exists ? await startAdminSession(options.uid) : crypto.randomUUID();
  const token = await encode({
    token: { uid: options.uid, sub: String(options.uid), sid },
    secret: options.secret ?? inject("secrets").NEXTAUTH_SECRET,
    maxAge: options.maxAgeSeconds,
  });
  return `${SESSION_COOKIE}=${token}`;
}
