// The member list and search in one process, without a server: a fresh database with the bench's register
// and generated members, then each of the bench's member requests (scripts/lib/bench-members.ts) called as the
// service, timed one at a time, with each database's plan of the page statement. Where the time of a request goes:
//
//   npx tsx --conditions=react-server scripts/profile-members.ts [--db sqlite|postgres] [--members 100000] [--runs 50] [--keep] [--profile FILE]
//   node scripts/cpuprofile-top.mjs FILE
//
// --keep leaves the database behind and prints its URL (for EXPLAIN by hand). --http then starts the built server on
// the database and loads C2 and each request at 16 connections, as the bench does; --server-profile DIR has the
// server write a CPU profile there when it stops.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { startCpuProfile } from "./lib/cpu-profile";
import { createTestDatabase, testSecrets } from "./lib/test-stack";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    members: { type: "string", default: "100000" },
    runs: { type: "string", default: "50" },
    keep: { type: "boolean", default: false },
    profile: { type: "string" },
    http: { type: "boolean", default: false },
    "server-profile": { type: "string" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";

/** The machine's busy CPU time so far (every core, every process: this one and the database server), in ms. */
function machineBusyMs(): number {
  const [, ...ticks] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
  const idle = ticks[3] + ticks[4]; // idle, iowait
  return ((ticks.reduce((sum, t) => sum + t, 0) - idle) * 1000) / 100; // USER_HZ is 100 on Linux
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  const database = await createTestDatabase(provider, `profile_members_${Date.now()}`);
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  const secrets = testSecrets();
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", ...secrets });
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  const { seedRegister } = await import("./lib/bench-fixtures");
  const members = await import("./lib/bench-members");
  try {
    await prepareDatabase();
    const rootIds = await seedRegister(20_000);
    let t = performance.now();
    const setup = await members.prepareMembers(rootIds[0], Number(args.members));
    console.log(`generated ${args.members} members in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const requests = members.memberRequests(await members.clubsOf(rootIds[0]), Number(args.members));
    // The timed runs of every request, after each one's first (the order's read).
    const stopProfile = await startCpuProfile(args.profile);
    for (const [name, request] of Object.entries(requests)) {
      const call = await members.inProcess(setup.key.id, request.path, request.body);
      const first = performance.now();
      await call();
      const firstMs = performance.now() - first;
      const times: number[] = [];
      const [cpuBefore, machineBefore] = [process.cpuUsage(), machineBusyMs()];
      for (let i = 0; i < Number(args.runs); i++) {
        t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      const cpu = process.cpuUsage(cpuBefore);
      const perRun = (ms: number) => (ms / Number(args.runs)).toFixed(2);
      times.sort((a, b) => a - b);
      console.log(
        `${name}: first ${firstMs.toFixed(1)} ms, then p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms; ` +
          `CPU per request ${perRun((cpu.user + cpu.system) / 1000)} ms here, ${perRun(machineBusyMs() - machineBefore)} ms on the machine (the database's included)`,
      );
    }
    await stopProfile();
    if (args.http) await overHttp(database.url, secrets, setup.key, requests, disconnectDb);
    if (args.keep) console.log(`database kept: ${database.url}`);
  } finally {
    await disconnectDb();
    if (!args.keep) await database.drop();
  }
}

/** C2 and each request at 16 connections against the built server on the same database (scripts/bench.ts's way). */
async function overHttp(
  databaseUrl: string,
  secrets: Record<string, string>,
  key: { client_id: string; client_secret: string },
  requests: Record<string, { path: string; body: unknown }>,
  disconnectDb: () => Promise<void>,
) {
  const { startServer } = await import("./lib/test-stack");
  const { bearer, load } = await import("./lib/bench-load");
  await disconnectDb();
  const profileDir = args["server-profile"];
  const server = await startServer({
    databaseUrl,
    secrets,
    nodeFlags: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
  });
  try {
    const auth = await bearer(server.baseUrl, key);
    // load() prints each row as it ends.
    const c2 = await load({ scenario: "C2", url: `${server.baseUrl}/v3/company`, expectedStatus: 401 }, 16, 10);
    for (const [name, request] of Object.entries(requests)) {
      const spec = {
        scenario: name,
        url: `${server.baseUrl}${request.path}`,
        method: "POST" as const,
        headers: auth,
        body: JSON.stringify(request.body),
        expectedStatus: 200,
      };
      const row = await load(spec, 16, 10);
      console.log(
        `  ${(row.requestsPerSecond / c2.requestsPerSecond).toFixed(2)} of C2${row.unexpected ? `; ${row.unexpected} unexpected (${row.statuses})` : ""}`,
      );
    }
  } finally {
    await server.stop();
  }
}

runScript(main);
