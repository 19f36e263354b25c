// The dashboard scenario of `npm run bench`: the data routes the dashboard's screens load, one request at a
// time as one staff member's browser makes them, p95 <= 150 ms each: members (the generated organization), a list's
// subscribers (the sendout's list: every generated member with an address), the company register (--companies rows)
// and the audit log (AUDIT_ROWS entries written here in one statement). Signed in as next-auth's client does it.
import crypto from "node:crypto";

const AUDIT_ROWS = 1_000_000;

export interface DashboardTiming {
  path: string;
  requests: number;
  p50: number;
  p95: number;
  /** Responses that were not 200: a row with any is not a result. */
  unexpected: number;
}

/** An administrator of everything, with a password, and AUDIT_ROWS audit entries. In the bench process, before the server starts. */
export async function prepareDashboard(
  provider: "sqlite" | "postgres",
): Promise<{ email: string; password: string; auditRows: number }> {
  const { db } = await import("../../lib/db");
  const { operatorCaller } = await import("../../modules/access/services/caller");
  const { createAdminUser } = await import("../../modules/access/services/admin-users");
  const { MODULES, PERMISSIONS } = await import("../../modules/access/schemas/access");
  const email = `bench-${crypto.randomBytes(4).toString("hex")}@example.org`;
  const password = crypto.randomBytes(12).toString("base64url");
  await createAdminUser(operatorCaller(), {
    email,
    name: "Bench",
    password,
    role: "ADMIN",
    access: { modules: [...MODULES], permissions: [...PERMISSIONS], company_ids: null, include_descendants: true },
  });
  // Entries spread over a year and over the companies, as a busy organization's log would be.
  const companies = await db().company.findMany({ select: { id: true }, take: 50 });
  const ids = companies.map((c) => c.id);
  const pick = (n: string) =>
    `CASE (${n} % ${ids.length}) ${ids.map((id, i) => `WHEN ${i} THEN '${id}'`).join(" ")} END`;
  const now = Date.now();
  if (provider === "postgres") {
    await db().$executeRawUnsafe(`
      INSERT INTO "AuditEntry" ("actor", "actorKind", "action", "objectType", "objectId", "companyId", "summary", "createdAt")
      SELECT 'admin:bench@example.org', 'admin_user', 'company.fk_status', 'company', (n % 20000)::text, ${pick("n")}, 'NONE -> ACTIVE',
             to_timestamp(${Math.floor(now / 1000)} - n * 31)
      FROM generate_series(1, ${AUDIT_ROWS}) AS n`);
  } else {
    await db().$executeRawUnsafe(`
      WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${AUDIT_ROWS})
      INSERT INTO "AuditEntry" ("actor", "actorKind", "action", "objectType", "objectId", "companyId", "summary", "createdAt")
      SELECT 'admin:bench@example.org', 'admin_user', 'company.fk_status', 'company', CAST(n % 20000 AS TEXT), ${pick("n")}, 'NONE -> ACTIVE',
             ${now} - n * 31000
      FROM seq`);
  }
  return { email, password, auditRows: AUDIT_ROWS };
}

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** Signs in through next-auth's credentials callback, as its client does: the session cookie. */
export async function signInToDashboard(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf) },
    body: new URLSearchParams({ email, password, csrfToken, json: "true" }),
  });
  const cookie = [cookiesOf(csrf), cookiesOf(response)].filter(Boolean).join("; ");
  if (!cookie.includes("session-token=")) throw new Error(`the bench's dashboard sign-in failed (${response.status})`);
  return cookie;
}

/** Each path requested back to back for `seconds` (after 3 warm-up requests) at one connection. */
export async function timeDashboardRoutes(
  base: string,
  cookie: string,
  paths: string[],
  seconds: number,
): Promise<DashboardTiming[]> {
  const timings: DashboardTiming[] = [];
  for (const path of paths) {
    const get = async () => {
      const response = await fetch(`${base}/admin/api${path}`, { headers: { cookie } });
      await response.arrayBuffer();
      return response.status;
    };
    for (let i = 0; i < 3; i++) await get();
    const latencies: number[] = [];
    let unexpected = 0;
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const started = performance.now();
      if ((await get()) !== 200) unexpected += 1;
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
    timings.push({ path, requests: latencies.length, p50: at(0.5), p95: at(0.95), unexpected });
    console.log(
      `  dashboard ${path}: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (${latencies.length} requests${unexpected ? `, ${unexpected} not 200` : ""})`,
    );
  }
  return timings;
}
