// A throwaway stack for tests: a fresh database of the chosen provider migrated with the committed migrations, and
// the built production server on a free port. Used by Vitest's and Playwright's global setups. Nothing is mocked.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { applyMigrations } from "../../lib/migrate-deploy";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "./postgres";

export type Provider = "sqlite" | "postgres";

export interface TestStack {
  provider: Provider;
  baseUrl: string;
  databaseUrl: string;
  secrets: Record<string, string>;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
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

async function createDatabase(provider: Provider, runId: string) {
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

export interface TestServer {
  baseUrl: string;
  /** Stops the process; prints its log when TEST_SERVER_LOG is set or when it logged errors. */
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
}): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const server = spawn(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "server.ts"], {
    env: {
      ...process.env,
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
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  try {
    await waitForHttp(`${baseUrl}/v3/openapi.json`, server, () => log);
  } catch (error) {
    server.kill("SIGTERM");
    throw error;
  }

  return {
    baseUrl,
    async stop() {
      server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 300));
      if (process.env.TEST_SERVER_LOG) console.error(`server log (${baseUrl}):\n${log}`);
      else if (/"level":50/.test(log)) console.error(`server logged errors (${baseUrl}):\n${log}`);
    },
  };
}

export async function startTestStack(options: { provider: Provider; port?: number; env?: Record<string, string> }): Promise<TestStack> {
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build` (npm test does it).");
  const runId = `${options.provider}_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const database = await createDatabase(options.provider, runId);
  applyMigrations(database.url);

  const secrets = {
    JWT_SECRET: crypto.randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64url"),
    LINK_SIGNING_SECRET: crypto.randomBytes(32).toString("base64url"),
    NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  };
  const server = await startServer({ databaseUrl: database.url, secrets, port: options.port, env: options.env });

  return {
    provider: options.provider,
    baseUrl: server.baseUrl,
    databaseUrl: database.url,
    secrets,
    async stop() {
      await server.stop();
      await database.drop();
    },
  };
}
