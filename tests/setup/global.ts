// Vitest global setup: a fresh database of the provider TEST_DB names, migrated with the committed migrations,
// the leisure-card simulator, and the built production server on a free port. Nothing is mocked.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "../../scripts/lib/migrate";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "../../scripts/lib/postgres";
import { startLeisureCardSimulator } from "../../scripts/leisure-card-simulator";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    provider: "sqlite" | "postgres";
    secrets: Record<string, string>;
    leisureCardUrl: string;
    leisureCardTimeoutMs: number;
  }
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

export default async function setup(project: TestProject) {
  const provider = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
  const runId = `${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  if (provider === "postgres") {
    const name = `test_${runId}`;
    databaseUrl = await createPostgresDatabase(postgresAdminUrl(), name);
    dropDatabase = () => dropPostgresDatabase(postgresAdminUrl(), name);
  } else {
    const file = path.resolve("data", "test", `vitest_${runId}.db`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    databaseUrl = `file:${file}`;
    dropDatabase = async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    };
  }
  applyMigrations(databaseUrl);

  const secrets = {
    JWT_SECRET: crypto.randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64url"),
    LINK_SIGNING_SECRET: crypto.randomBytes(32).toString("base64url"),
    NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  };
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build` (npm test does it).");

  // Tests add their own approved providers and faults over its /__control endpoints (scripts/leisure-card-simulator.ts).
  const simulator = await startLeisureCardSimulator({ port: 0, approved: [] });
  const leisureCardTimeoutMs = 1000;

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = "";
  const server = spawn(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
    env: {
      ...process.env,
      ...secrets,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_SEED: "false",
      LOG_LEVEL: "warn",
      // Tests give each scenario its own client address through one trusted proxy hop, so rate limits don't collide.
      TRUST_PROXY_HOPS: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      // A zone with an offset from UTC, so tests can tell server-local timestamps (spec 2.5) from UTC ones.
      TZ: "Europe/Stockholm",
      LEISURE_CARD_API_URL: simulator.url,
      LEISURE_CARD_TIMEOUT_MS: String(leisureCardTimeoutMs),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  await waitForHttp(`${baseUrl}/v3/openapi.json`, server, () => log);

  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("provider", provider);
  project.provide("secrets", secrets);
  project.provide("leisureCardUrl", simulator.url);
  project.provide("leisureCardTimeoutMs", leisureCardTimeoutMs);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    await simulator.close();
    if (/"level":50/.test(log)) console.error(`server logged errors:\n${log}`);
    await dropDatabase();
  };
}
