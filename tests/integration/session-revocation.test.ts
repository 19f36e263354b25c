// Dashboard sessions end on the server (security finding 2): a cookie saved before sign-out is refused after it, a
// session ends at its absolute lifetime however often it is refreshed, and deactivating a user ends its sessions for
// good (reactivating it does not bring them back).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { updateAdminUser } from "@/modules/access/services/admin-users";
import { newAdminUser, signIn } from "../dashboard-session";
import { baseUrl, uniqueIp } from "../helpers";

const users = (cookie: string) =>
  fetch(`${baseUrl()}/admin/api/users`, { headers: { cookie, "x-forwarded-for": uniqueIp() } });

const setCookies = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** GET /api/auth/session as next-auth's client polls it: the session's body and the cookie header it leaves. */
async function refresh(cookie: string) {
  const response = await fetch(`${baseUrl()}/api/auth/session`, { headers: { cookie } });
  const renewed = setCookies(response).match(/next-auth\.session-token=[^;]*/)?.[0];
  return {
    body: (await response.json()) as Record<string, unknown>,
    cookie: renewed ? cookie.replace(/next-auth\.session-token=[^;]*/, renewed) : cookie,
  };
}

async function signOut(cookie: string) {
  const { csrfToken } = (await (await fetch(`${baseUrl()}/api/auth/csrf`, { headers: { cookie } })).json()) as {
    csrfToken: string;
  };
  const response = await fetch(`${baseUrl()}/api/auth/signout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({ csrfToken, json: "true" }),
  });
  expect(response.status).toBe(200);
}

describe("dashboard sessions end on the server", () => {
  it("refuses a cookie saved before sign-out, and keeps the user's other sessions", async () => {
    const admin = await newAdminUser();
    const [saved, other] = [await signIn(admin), await signIn(admin)];
    expect((await users(saved)).status).toBe(200);
    await signOut(saved);
    expect((await users(saved)).status).toBe(401);
    expect((await refresh(saved)).body).toEqual({});
    expect((await users(other)).status).toBe(200);
  });

  it("refuses a session past its absolute lifetime, however often it was refreshed", async () => {
    const admin = await newAdminUser();
    const first = await signIn(admin);
    const refreshed = await refresh(first);
    expect(refreshed.body).toMatchObject({ uid: admin.id });
    expect((await users(refreshed.cookie)).status).toBe(200);
    // As if ADMIN_SESSION_ABSOLUTE_MAX_AGE_SECONDS had passed since sign-in (the idle timeout has not: it was refreshed).
    await db().adminSession.updateMany({
      where: { adminUserId: admin.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await users(refreshed.cookie)).status).toBe(401);
    expect((await refresh(refreshed.cookie)).body).toEqual({});
    expect((await users(first)).status).toBe(401);
  });

  it("ends a deactivated user's sessions for good", async () => {
    const admin = await newAdminUser();
    const cookie = await signIn(admin);
    expect((await users(cookie)).status).toBe(200);
    await updateAdminUser(operatorCaller(), { id: admin.id, active: false });
    expect((await users(cookie)).status).toBe(401);
    await updateAdminUser(operatorCaller(), { id: admin.id, active: true });
    expect((await users(cookie)).status).toBe(401);
    expect((await users(await signIn(admin))).status).toBe(200);
  });
});
