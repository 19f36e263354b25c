// npm run bench: the production server on loopback under autocannon, each scenario next to a baseline measured in the
// same run (DESIGN.md section 8). Not part of the test suite. Writes BENCHMARKS.md.
//
//   npm run bench -- [--companies 20000] [--members 100000] [--duration 10] [--connections 8] [--db sqlite|postgres] [--build] [--out FILE]
//
// Scenarios: the member list and search at M members (scripts/lib/bench-members.ts), and GET /v3/company/fk with a
// register of N companies, against
//   - the register query run in-process through the app's Prisma client (registerRowsRaw) and the same SQL through
//     the bare driver (REGISTER_SQL below, checked against registerRowsRaw's rows before it is timed), and
//   - a trivial route of the same server (GET /v3/company without a token: the route wrapper answers 401 without
//     touching the database), the framework's ceiling on this machine.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { applyMigrations } from "../lib/migrate-deploy";
import { createPostgresDatabase, dropPostgresDatabase, postgresAdminUrl } from "./lib/postgres";
import { freePort } from "./lib/test-stack";

const { values: args } = parseArgs({
  options: {
    companies: { type: "string", default: "20000" },
    members: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    db: { type: "string", default: "sqlite" },
    build: { type: "boolean", default: false },
    out: { type: "string", default: "BENCHMARKS.md" },
  },
});
const companies = Number(args.companies);
const memberCount = Number(args.members);
const duration = Number(args.duration);
const connections = Number(args.connections);
const provider = args.db === "postgres" ? "postgres" : "sqlite";

/**
 * The register query of lib/services/companies.ts (registerRowsRaw) as plain SQL for the bare-driver baseline. The
 * service keeps its query private; main() checks that this one returns the very same rows before timing it.
 */
const REGISTER_SQL = `
  SELECT c."name" AS "name", c."orgNumber" AS "orgNumber", p."name" AS "parentName", p."orgNumber" AS "parentOrgNumber"
  FROM "Company" c
  LEFT JOIN "Company" p ON p."id" = c."parentId" AND p."deletedAt" IS NULL
  WHERE c."deletedAt" IS NULL
  ORDER BY c."name", c."id"`;

interface Row {
  scenario: string;
  concurrency: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  note?: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs fn back to back for `seconds` (after a short warm-up); latencies in ms. */
async function timeLoop(seconds: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number; perSecond: number }> {
  for (let i = 0; i < 3; i++) await fn();
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: latencies.length / seconds };
}

async function load(name: string, url: string, concurrency: number, headers: Record<string, string> = {}, note?: string, post?: unknown): Promise<Row> {
  const request = post === undefined ? {} : { method: "POST" as const, body: JSON.stringify(post), headers: { ...headers, "content-type": "application/json" } };
  await autocannon({ url, connections: concurrency, duration: 2, headers, ...request }); // warm-up
  const result = await autocannon({ url, connections: concurrency, duration, headers, timeout: 60, ...request });
  if (result.errors || result.timeouts) console.warn(`${name}: ${result.errors} errors, ${result.timeouts} timeouts`);
  return { scenario: name, concurrency, requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, note };
}

function peakRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return kb ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

async function main() {
  if (args.build || !fs.existsSync(".next/BUILD_ID")) {
    console.log("building the production server (next build) ...");
    execFileSync(path.resolve("node_modules/.bin/next"), ["build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  }
  const runId = `bench_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  let databaseUrl: string;
  let dropDatabase: () => Promise<void>;
  if (provider === "postgres") {
    databaseUrl = await createPostgresDatabase(postgresAdminUrl(), runId);
    dropDatabase = () => dropPostgresDatabase(postgresAdminUrl(), runId);
  } else {
    const file = path.resolve("data", "bench", `${runId}.db`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    databaseUrl = `file:${file}`;
    dropDatabase = async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    };
  }
  const secrets = {
    JWT_SECRET: crypto.randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64url"),
    LINK_SIGNING_SECRET: crypto.randomBytes(32).toString("base64url"),
    NEXTAUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
  };
  // lib/env.ts reads process.env once, on first use: configure before importing the services.
  Object.assign(process.env, { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ...secrets });
  applyMigrations(databaseUrl);
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  const { seedLargeRegister } = await import("./lib/large-register");
  const { operatorCaller } = await import("../lib/services/access");
  const { createApiKey } = await import("../lib/services/api-keys");
  const { registerRowsRaw } = await import("../lib/services/companies");
  const members = await import("./lib/bench-members");
  await prepareDatabase();

  let server: ReturnType<typeof spawn> | undefined;
  try {
    console.log(`seeding ${companies} companies (${provider}) ...`);
    const t = performance.now();
    const { rootIds } = await seedLargeRegister(companies);
    console.log(`  ${Math.round(performance.now() - t)} ms`);
    const key = await createApiKey(operatorCaller(), {
      name: "bench",
      company_id: rootIds[0],
      access: { modules: ["company"], permissions: [], company_ids: null, include_descendants: true },
    });
    console.log(`generating ${memberCount} members ...`);
    const memberSetup = await members.prepareMembers(rootIds[0], memberCount);
    console.log(`  ${memberSetup.seconds.toFixed(1)} s`);
    const { db } = await import("../lib/db");
    const clubIds = (await db().company.findMany({ where: { parentId: rootIds[0] }, select: { id: true }, orderBy: { id: "asc" }, take: 5 })).map((c) => c.id);
    const memberRequests = members.memberRequests(clubIds, memberCount);
    const memberInProcess: Record<string, Awaited<ReturnType<typeof timeLoop>>> = {};
    for (const [name, request] of Object.entries(memberRequests)) {
      console.log(`in-process: ${name} ...`);
      memberInProcess[name] = await timeLoop(duration, await members.inProcess(memberSetup.key.id, request.path, request.body));
    }

    // The server runs `prisma migrate deploy` at start, which waits for every other SQLite connection to let go.
    await disconnectDb();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // node --import tsx (not the tsx binary) so that the pid is the server itself, for its peak memory; with the
    // react-server condition, like `npm run serve` (server modules import "server-only").
    server = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "server.ts"], {
      env: { ...process.env, ...secrets, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", DEMO_SEED: "false", LOG_LEVEL: "info", NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error("server did not start");
      try {
        if ((await fetch(`${base}/v3/openapi.json`)).ok) break;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const tokenRes = await fetch(`${base}/v3/access/user/basic`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64")}` },
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}` };
    const sample = await fetch(`${base}/v3/company/fk`, { headers: auth });
    const body = await sample.text();
    const listed = (JSON.parse(body) as unknown[]).length;
    if (sample.status !== 200 || listed !== companies) throw new Error(`GET /v3/company/fk returned ${sample.status}, ${listed} rows`);
    console.log(`GET /v3/company/fk: ${listed} rows, ${(body.length / 1e6).toFixed(2)} MB of JSON`);

    const rows: Row[] = [];
    console.log("raw query through Prisma ($queryRaw) ...");
    const prismaRaw = await timeLoop(duration, () => registerRowsRaw());
    rows.push({ scenario: "raw SQL via Prisma $queryRaw (in-process)", concurrency: 1, requestsPerSecond: prismaRaw.perSecond, p50: prismaRaw.p50, p99: prismaRaw.p99 });
    console.log("raw query through the bare driver ...");
    const expected = JSON.stringify(await registerRowsRaw());
    const assertSameRows = (rows: unknown[]) => {
      if (JSON.stringify(rows) !== expected) throw new Error("REGISTER_SQL no longer matches registerRowsRaw (lib/services/companies.ts)");
    };
    let driverRaw: Awaited<ReturnType<typeof timeLoop>>;
    if (provider === "postgres") {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      assertSameRows((await client.query(REGISTER_SQL)).rows);
      driverRaw = await timeLoop(duration, () => client.query(REGISTER_SQL));
      await client.end();
    } else {
      const Database = (await import("better-sqlite3")).default;
      const file = new Database(databaseUrl.replace(/^file:/, ""), { readonly: true });
      const statement = file.prepare(REGISTER_SQL);
      assertSameRows(statement.all());
      driverRaw = await timeLoop(duration, async () => statement.all());
      file.close();
    }
    rows.push({ scenario: `raw SQL via ${provider === "postgres" ? "pg" : "better-sqlite3"} (in-process)`, concurrency: 1, requestsPerSecond: driverRaw.perSecond, p50: driverRaw.p50, p99: driverRaw.p99 });

    console.log("HTTP scenarios ...");
    const trivial = `${base}/v3/company`;
    rows.push(await load("trivial route: GET /v3/company, no token (401 from the wrapper)", trivial, 1));
    rows.push(await load("trivial route: GET /v3/company, no token (401 from the wrapper)", trivial, connections));
    rows.push(await load(`GET /v3/company/fk (${companies} companies)`, `${base}/v3/company/fk`, 1, auth));
    rows.push(await load(`GET /v3/company/fk (${companies} companies)`, `${base}/v3/company/fk`, connections, auth));
    const memberTokenRes = await fetch(`${base}/v3/access/user/basic`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`${memberSetup.key.client_id}:${memberSetup.key.client_secret}`).toString("base64")}` },
    });
    const memberAuth = { authorization: `Bearer ${((await memberTokenRes.json()) as { access_token: string }).access_token}` };
    const memberRows: Row[] = [];
    for (const [name, request] of Object.entries(memberRequests)) {
      const check = await fetch(`${base}${request.path}`, { method: "POST", headers: { ...memberAuth, "content-type": "application/json" }, body: JSON.stringify(request.body) });
      const answer = (await check.json()) as { count?: number; members?: unknown[] };
      if (check.status !== 200 || !answer.members?.length) throw new Error(`${name}: ${check.status} ${JSON.stringify(answer).slice(0, 200)}`);
      console.log(`${name}: ${answer.count} matches`);
      for (const concurrency of [1, connections]) memberRows.push(await load(name, `${base}${request.path}`, concurrency, memberAuth, undefined, request.body));
    }
    const peak = peakRssMb(server.pid!);

    const fk1 = rows[4];
    const fkN = rows[5];
    const ratios = {
      overPrismaRaw: fk1.p50 / prismaRaw.p50,
      overDriverRaw: fk1.p50 / driverRaw.p50,
      throughputVsTrivial: fkN.requestsPerSecond / rows[3].requestsPerSecond,
    };
    const section = renderSection(rows, ratios, peak, listed, body.length);
    const membersSection = members.renderMembersSection({
      provider,
      machine: machineLines(),
      count: memberCount,
      seconds: memberSetup.seconds,
      rows: memberRows,
      inProcess: memberInProcess,
      trivialRps: rows[3].requestsPerSecond,
      connections,
    });
    const existing = fs.existsSync(args.out!) ? fs.readFileSync(args.out!, "utf8") : "";
    fs.writeFileSync(args.out!, mergeSection(mergeSection(existing, provider, section), `${provider}-members`, membersSection));
    console.log(`\n${section}\n${membersSection}\nwritten to ${args.out} (sections "${provider}", "${provider}-members")`);
  } finally {
    server?.kill("SIGTERM");
    await disconnectDb();
    await dropDatabase();
  }
}

const HEADER = [
  "# Benchmarks",
  "",
  "Produced by `npm run bench` (scripts/bench.ts; `-- --db postgres` for the PostgreSQL section). Each run replaces the",
  "section of its database. Loopback, production build, one server process, autocannon as the load generator on the",
  "same machine (it competes for the same cores, so absolute numbers are low; the ratios are the point).",
  "",
].join("\n");

/** Replaces one section (between its markers) and keeps the others. */
function mergeSection(existing: string, key: string, section: string): string {
  const begin = `<!-- bench:${key} -->`;
  const end = `<!-- /bench:${key} -->`;
  const block = `${begin}\n${section}${end}\n`;
  const from = existing.indexOf(begin);
  const to = existing.indexOf(end);
  if (from >= 0 && to > from) return existing.slice(0, from) + block + existing.slice(to + end.length + 1);
  return `${existing.includes("<!-- bench:") ? existing.trimEnd() : HEADER.trimEnd()}\n\n${block}`;
}

/** Date, machine, Node and database: the first lines of every section. */
function machineLines(): string[] {
  const cpus = os.cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus[0]?.model ?? "unknown CPU"}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}`,
    `- Node ${process.version}, database: ${provider === "sqlite" ? "SQLite file (WAL)" : "PostgreSQL on 127.0.0.1"}`,
    `- Command: \`npm run bench${provider === "postgres" ? " -- --db postgres" : ""}\``,
  ];
}

function renderSection(rows: Row[], ratios: Record<string, number>, peakRss: number | null, listed: number, bytes: number): string {
  const fmt = (n: number, digits = 1) => n.toFixed(digits);
  return [
    `## ${provider === "postgres" ? "PostgreSQL" : "SQLite"}: GET /v3/company/fk (whole register)`,
    "",
    ...machineLines(),
    `- Settings: ${listed} companies (${fmt(bytes / 1e6, 2)} MB JSON per response), ${duration} s per scenario, ${connections} connections for the loaded runs`,
    `- Server peak RSS: ${peakRss === null ? "n/a" : `${peakRss} MB`}`,
    "",
    "| scenario | concurrency | req/s | p50 ms | p99 ms |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.scenario} | ${r.concurrency} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} |`),
    "",
    "Ratios (same run):",
    "",
    `- endpoint p50 / raw query via Prisma p50: **${fmt(ratios.overPrismaRaw, 2)}x** (the rest is mapping, JSON, HTTP, auth)`,
    `- endpoint p50 / raw query via the bare driver p50: **${fmt(ratios.overDriverRaw, 2)}x**`,
    `- endpoint req/s / trivial route req/s at ${connections} connections: **${fmt(ratios.throughputVsTrivial, 3)}**`,
    "",
  ].join("\n");
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
