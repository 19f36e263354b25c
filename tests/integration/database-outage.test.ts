// The database goes away mid-run. PostgreSQL: the server reaches it through a TCP proxy this test starts, kills
// (every connection cut) and brings back on the same port; the shared cluster itself is never touched. SQLite: another
// connection holds BEGIN EXCLUSIVE past the 5 s busy timeout. Requests answer 503 {"reason": "database unavailable"}
// with Retry-After, the process stays up, it recovers by itself, and every write is either whole (its fk_status, its
// history row, its audit entry) or absent. A server of its own, on a database of its own, seeded with the demo.
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "@/scripts/lib/ports.mjs";
import { startTestStack, type TestStack } from "@/scripts/lib/test-stack";
import { accessToken, demoCredentials, TcpProxy, waitFor, withDatabase } from "../process-fixtures";

interface DatabaseFault {
  /** The address the server is given (through the proxy on PostgreSQL). */
  serverDatabaseUrl(url: string): string;
  begin(databaseUrl: string): Promise<void>;
  end(): Promise<void>;
  /** After the server has stopped. */
  dispose(): Promise<void>;
}

async function postgresFault(): Promise<DatabaseFault> {
  const proxy = new TcpProxy(await freePort(), { host: "127.0.0.1", port: 5432 });
  await proxy.start();
  return {
    serverDatabaseUrl: (url) => {
      const proxied = new URL(url);
      proxied.port = String(proxy.port);
      return proxied.toString();
    },
    begin: () => proxy.kill(),
    end: () => proxy.start(),
    dispose: () => proxy.kill(),
  };
}

function sqliteFault(): DatabaseFault {
  let lock: Database.Database | null = null;
  return {
    serverDatabaseUrl: (url) => url,
    async begin(databaseUrl) {
      lock = new Database(databaseUrl.slice("file:".length));
      lock.exec("BEGIN EXCLUSIVE");
    },
    async end() {
      lock?.exec("ROLLBACK");
      lock?.close();
      lock = null;
    },
    async dispose() {
      await this.end();
    },
  };
}

const NEW_STATUS = "REJECTED";

interface CompanyState {
  fkStatus: string;
  history: number;
  audits: number;
}

async function companyStates(databaseUrl: string): Promise<Map<string, CompanyState>> {
  return withDatabase(databaseUrl, async (query) => {
    const companies = await query(`SELECT id, "fkStatus" FROM "Company" WHERE "deletedAt" IS NULL ORDER BY id`);
    const history = await query(`SELECT "companyId", COUNT(*) AS n FROM "FkStatusChange" GROUP BY "companyId"`);
    const audits = await query(
      `SELECT "objectId", COUNT(*) AS n FROM "AuditEntry" WHERE action = 'company.fk_status' GROUP BY "objectId"`,
    );
    const count = (rows: Record<string, unknown>[], key: string, id: string) =>
      Number(rows.find((r) => r[key] === id)?.n ?? 0);
    return new Map(
      companies.map((c) => {
        const id = c.id as string;
        return [
          id,
          {
            fkStatus: c.fkStatus as string,
            history: count(history, "companyId", id),
            audits: count(audits, "objectId", id),
          },
        ];
      }),
    );
  });
}

describe("database faults", () => {
  const provider = inject("provider");
  let fault: DatabaseFault;
  let stack: TestStack;

  beforeAll(async () => {
    fault = provider === "postgres" ? await postgresFault() : sqliteFault();
    stack = await startTestStack({ provider, env: { DEMO_SEED: "true" }, serverDatabaseUrl: fault.serverDatabaseUrl });
  });

  afterAll(async () => {
    await stack?.stop();
    await fault?.dispose();
  });

  it("the database goes away mid-run: 503 with Retry-After, the process stays up, recovers by itself, nothing half-written", async () => {
    const token = await accessToken(stack.baseUrl, demoCredentials(stack.log()));
    const before = await companyStates(stack.databaseUrl);
    const [list] = await withDatabase(stack.databaseUrl, (query) =>
      query(`SELECT "uuid" FROM "SubscriptionList" WHERE "isActive" = true LIMIT 1`),
    );
    const hostedPage = (acceptLanguage: string) =>
      fetch(`${stack.baseUrl}/subscribe/${list.uuid}`, { headers: { "accept-language": acceptLanguage } }).then(
        async (res) => ({
          status: res.status,
          headers: res.headers,
          text: await res.text(),
        }),
      );
    const ids = [...before.keys()].filter((id) => before.get(id)!.fkStatus !== NEW_STATUS);
    expect(ids.length).toBeGreaterThanOrEqual(13);
    const put = (id: string) =>
      fetch(`${stack.baseUrl}/v3/company/${id}/fk`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ fk_status: NEW_STATUS }),
      }).then(async (res) => ({
        id,
        status: res.status,
        retryAfter: res.headers.get("retry-after"),
        body: await res.json(),
      }));

    // Writes in flight while the database goes away. Fewer on SQLite: each write that meets the lock holds the
    // server for the whole busy timeout (better-sqlite3 waits synchronously).
    // The fault begins as the first of them is answered, while the others are under way.
    const inFlight = ids.slice(0, provider === "postgres" ? 10 : 4).map(put);
    await Promise.race(inFlight);
    await fault.begin(stack.databaseUrl);
    let faultEnded = false;
    try {
      const raced = await Promise.all(inFlight);

      // During the outage.
      const during = [await put(ids[10])];
      for (const res of during) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ reason: "database unavailable" });
        expect(res.retryAfter).toBe("5");
      }
      for (const res of raced) expect([200, 503]).toContain(res.status);
      expect(raced.some((res) => res.status === 200)).toBe(true);
      expect(await (await fetch(`${stack.baseUrl}/healthz`)).json()).toEqual({ status: "ok" });
      const ready = await fetch(`${stack.baseUrl}/readyz`);
      if (provider === "postgres") {
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: "unavailable", reason: "database unavailable" });
        const read = await fetch(`${stack.baseUrl}/v3/company/${ids[12]}/fk`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(read.status).toBe(503);
        // The hosted form says so in the visitor's language, without JavaScript, under the page CSP.
        for (const [acceptLanguage, title] of [
          ["sv-SE", "Sidan kan inte visas just nu"],
          ["en", "This page cannot be shown right now"],
        ]) {
          const page = await hostedPage(acceptLanguage);
          expect(page.status).toBe(503);
          expect(page.headers.get("retry-after")).toBe("5");
          expect(page.text).toContain(`<h1>${title}</h1>`);
          expect(page.text).toContain(`<a href="/subscribe/${list.uuid}">`);
          const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
          expect(page.text).toContain(`<style nonce="${nonce}">`);
        }
      } else {
        // WAL: readers are not blocked by the writer's lock, so the database answers and the instance stays ready.
        expect(ready.status).toBe(200);
        expect((await hostedPage("sv")).status).toBe(200);
      }
      expect(stack.server.exitCode).toBeNull();

      // The database comes back: no restart, the pool reconnects.
      await fault.end();
      faultEnded = true;
      await waitFor(
        "readiness after the outage",
        async () => (await fetch(`${stack.baseUrl}/readyz`)).status === 200,
        30_000,
      );
      const after = await put(ids[12]);
      expect(after.status).toBe(200);

      const states = await companyStates(stack.databaseUrl);
      for (const { id, status } of [...raced, ...during, after]) {
        const was = before.get(id)!;
        const now = states.get(id)!;
        const untouched = { fkStatus: was.fkStatus, history: was.history, audits: was.audits };
        const whole = { fkStatus: NEW_STATUS, history: was.history + 1, audits: was.audits + 1 };
        expect([untouched, whole], `company ${id} after a ${status}`).toContainEqual(now);
        if (status === 200) expect(now).toEqual(whole);
      }
    } finally {
      if (!faultEnded) await fault.end();
    }
  }, 180_000);

  it("/readyz is 503 while a committed migration is not applied", async () => {
    const ready = () =>
      fetch(`${stack.baseUrl}/readyz`).then(async (res) => ({ status: res.status, body: await res.json() }));
    expect(await ready()).toEqual({ status: 200, body: { status: "ok" } });
    const latest = await withDatabase(stack.databaseUrl, async (query) => {
      const [row] = await query(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`);
      await query(`UPDATE "_prisma_migrations" SET finished_at = NULL WHERE migration_name = '${row.migration_name}'`);
      return row.migration_name as string;
    });
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: { status: "unavailable", reason: `migrations pending: ${latest}` },
      });
    } finally {
      await withDatabase(stack.databaseUrl, (query) =>
        query(`UPDATE "_prisma_migrations" SET finished_at = started_at WHERE migration_name = '${latest}'`),
      );
    }
    expect(await ready()).toEqual({ status: 200, body: { status: "ok" } });
  });
});
