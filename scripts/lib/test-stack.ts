// A throwaway stack for tests: a fresh database of the chosen provider migrated with the committed migrations, and
// the built production server on a free port. Used by Vitest's global setups (the service tier takes only the
// database) and Playwright's. Nothing is mocked.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../../lib/migrate-deploy";
import { freePort, portIsFree } from "./ports.mjs";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "./postgres";
import { SERVER_SCRIPT, serverCommand, serverEnv } from "./server-command.mjs";

export type Provider = "sqlite" | "postgres";

export interface TestStack {
  provider: Provider;
  baseUrl: string;
  databaseUrl: string;
  secrets: Record<string, string>;
  /** The server process (plain node running dist/server.mjs). */
  server: ChildProcess;
  /** Its exit code once it has exited (after stop(), or a signal a test sent). */
  exited: Promise<number | null>;
  /** Everything the server printed so far. */
  log(): string;
  stop(): Promise<void>;
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}:\n${output()}`);
}

/** A fresh, empty database of the provider (migrated by whoever starts on it); drop() removes it. */
export async function createTestDatabase(provider: Provider, runId: string) {
  if (provider === "postgres") {
    const name = `test_${runId}`;
    const url = await createPostgresDatabase(postgresAdminUrl(), name);
    return { url, drop: () => dropPostgresDatabase(postgresAdminUrl(), name) };
  }
  const file = path.resolve("data", "test", `${runId}.db`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return {
    url: `file:${file}`,
    drop: async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    },
  };
}

/** One running instance of the built production server. */
export interface TestServer {
  baseUrl: string;
  /** The server process (plain node running dist/server.mjs). */
  process: ChildProcess;
  /** Its exit code once it has exited (after stop(), or a signal a test sent). */
  exited: Promise<number | null>;
  /** Everything the server printed so far. */
  log(): string;
  /** SIGTERM, then waits for the drain (at most 10 s); prints the log when TEST_SERVER_LOG is set or it logged errors. */
  stop(): Promise<void>;
}

/**
 * One instance of the built production server on `databaseUrl` (already migrated), with the given secrets. Several
 * instances with the same secrets on one database (and one REDIS_URL) are one deployment scaled out.
 */
export async function startServer(options: {
  databaseUrl: string;
  secrets: Record<string, string>;
  port?: number;
  env?: Record<string, string>;
  /** Node flags before the script (a profiling script's --cpu-prof, which NODE_OPTIONS does not take). */
  nodeFlags?: string[];
}): Promise<TestServer> {
  if (options.port !== undefined && !(await portIsFree(options.port))) {
    // Another server there would answer the readiness probe below in this one's place.
    throw new Error(`port ${options.port} is in use (set E2E_PORT to another one, or let npm test pick a free one)`);
  }
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const [command, flagsAndScript] = serverCommand();
  const args = [...(options.nodeFlags ?? []), ...flagsAndScript];
  const server = spawn(command, args, {
    env: {
      ...serverEnv(process.env),
      ...options.secrets,
      NODE_ENV: "production",
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_SEED: "false",
      LOG_LEVEL: "warn",
      // Tests give each scenario its own client address through one trusted proxy hop, so rate limits don't collide.
      TRUST_PROXY_HOPS: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      // Sendouts stay undelivered unless a test turns the worker on (with an SMTP server of its own).
      SENDOUT_WORKER: "off",
      // Webhooks likewise: a test that delivers them starts a server of its own with the worker on.
      WEBHOOK_WORKER: "off",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    await waitForHttp(`${baseUrl}/v3/openapi.json`, server, () => log);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }

  return {
    baseUrl,
    process: server,
    exited,
    log: () => log,
    async stop() {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
      // The server drains its requests first (at most 10 s); the timer must not keep this process alive itself.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      if (process.env.TEST_SERVER_LOG) console.error(`server log (${baseUrl}):\n${log}`);
      else if (/"level":50/.test(log)) console.error(`server logged errors (${baseUrl}):\n${log}`);
    },
  };
}

export interface TestStackOptions {
  provider: Provider;
  port?: number;
  env?: Record<string, string>;
  /** The address the server connects to, given the database's own (a test puts a TCP proxy in between). */
  serverDatabaseUrl?: (databaseUrl: string) => string;
}

/** A fresh database of the provider with the committed migrations applied, for one test run; drop() removes it. */
export async function createMigratedDatabase(provider: Provider) {
  const runId = `${provider}_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const database = await createTestDatabase(provider, runId);
  applyMigrations(database.url);
  return database;
}

/** New secrets of every kind the service reads (the environment of one test deployment). */
export function testSecrets(): Record<string, string> {
  const secret = () => crypto.randomBytes(32).toString("base64url");
  return {
    JWT_SECRET: secret(),
    ENCRYPTION_KEY: secret(),
    LINK_SIGNING_SECRET: secret(),
    NEXTAUTH_SECRET: secret(),
    MAIL_EVENTS_SECRET: secret(),
  };
}

export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  if (!fs.existsSync(".next/BUILD_ID") || !fs.existsSync(SERVER_SCRIPT)) {
    throw new Error("No production build: run `npm run build` (npm test does it).");
  }
  const database = await createMigratedDatabase(options.provider);
  const secrets = testSecrets();
  const databaseUrl = options.serverDatabaseUrl ? options.serverDatabaseUrl(database.url) : database.url;
  const server = await startServer({ databaseUrl, secrets, port: options.port, env: options.env });

  return {
    provider: options.provider,
    baseUrl: server.baseUrl,
    databaseUrl: database.url,
    secrets,
    server: server.process,
    exited: server.exited,
    log: server.log,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
