// Helpers for tests that run a server process of their own (signals, database outages): the demo seed's printed
// credentials as fixtures, direct reads of that server's database, a TCP proxy to cut it off, process inspection.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";

/**
 * The API key the demo seed (DEMO_SEED=true) wrote to the file its server's log names (never to the log itself);
 * the file is removed once read, as an operator would.
 */
export function demoCredentials(log: string): { clientId: string; clientSecret: string } {
  const file = /"credentials_file":"([^"]+)"/.exec(log)?.[1];
  const banner = file ? fs.readFileSync(file, "utf8") : "";
  if (file) fs.rmSync(file);
  const clientId = /API client_id:\s+(\S+)/.exec(banner)?.[1];
  const clientSecret = /API secret:\s+(\S+)/.exec(banner)?.[1];
  if (!clientId || !clientSecret) throw new Error(`no demo credentials in the server output:\n${log}`);
  return { clientId, clientSecret };
}

export async function accessToken(
  baseUrl: string,
  credentials: { clientId: string; clientSecret: string },
): Promise<string> {
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString("base64");
  const res = await fetch(`${baseUrl}/v3/access/user/basic`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Plain SQL on a database of either provider, beside the server (not through lib/db.ts, which serves the suite's own database). */
export async function withDatabase<T>(
  url: string,
  read: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  if (url.startsWith("file:")) {
    const sqlite = new Database(url.slice("file:".length));
    try {
      return await read(async (sql) => {
        const statement = sqlite.prepare(sql);
        return statement.reader ? (statement.all() as Record<string, unknown>[]) : (statement.run(), []);
      });
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await read(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** A TCP proxy on a port of its own in front of another: kill() cuts every connection and stops listening. */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ]) {
        this.sockets.add(a);
        a.pipe(b);
        a.on("error", () => b.destroy());
        a.on("close", () => {
          this.sockets.delete(a);
          b.destroy();
        });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  async kill(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Whether a process with this id exists (and is not a zombie). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/\)\s+Z\s/.test(execFileSync("cat", [`/proc/${pid}/stat`], { encoding: "utf8" }));
  } catch {
    return false;
  }
}

/** Whether a TCP connection to the port is refused. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** Polls `probe` until it gives a value. The deadline is on the monotonic clock, so a test that stops Date can wait. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * For a test file whose services write webhook events: a database of its own (useDatabaseOfOwn: an enabled endpoint
 * makes every subscribe write events, which other files do not expect), and webhooks allowed to receivers on
 * http://127.0.0.1 (the tests' own), both set before anything reads the configuration and undone after the file.
 */
export function ownDatabaseWithLoopbackWebhooks(): void {
  let database: Awaited<ReturnType<typeof useDatabaseOfOwn>> | undefined;
  beforeAll(async () => {
    database = await useDatabaseOfOwn();
    Object.assign(process.env, { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  }, 60_000);
  afterAll(async () => {
    delete process.env.WEBHOOK_ALLOW_HTTP;
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    await database?.drop();
  });
}

/**
 * Points this test file's services (lib/db.ts) at a fresh migrated database of the suite's provider, for tests whose
 * background workers would otherwise take work other files leave in the suite's database (and theirs, this file's).
 * Call in beforeAll, before anything reads the configuration; drop() in afterAll.
 */
export async function useDatabaseOfOwn(): Promise<{ url: string; drop(): Promise<void> }> {
  const { createMigratedDatabase } = await import("../scripts/lib/test-stack");
  const { disconnectDb } = await import("@/lib/db");
  const database = await createMigratedDatabase(inject("provider"));
  process.env.DATABASE_URL = database.url;
  return {
    url: database.url,
    async drop() {
      await disconnectDb();
      await database.drop();
    },
  };
}
