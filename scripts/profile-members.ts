// The member list and search in one process, without a server (issue 21): a fresh database with the bench's register
// and generated members, then each of the bench's member requests (scripts/lib/bench-members.ts) called as the
// service, timed one at a time, with each database's plan of the page statement. Where the time of a request goes:
//
//   npx tsx --conditions=react-server scripts/profile-members.ts [--db sqlite|postgres] [--members 100000] [--runs 50] [--keep]
//
// --keep leaves the database behind and prints its URL (for EXPLAIN by hand).
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { createTestDatabase, testSecrets } from "./lib/test-stack";

const { values: args } = parseArgs({ options: { db: { type: "string", default: "sqlite" }, members: { type: "string", default: "100000" }, runs: { type: "string", default: "50" }, keep: { type: "boolean", default: false } } });
const provider = args.db === "postgres" ? "postgres" : "sqlite";

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  const database = await createTestDatabase(provider, `profile_members_${Date.now()}`);
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn", ...testSecrets() });
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
    for (const [name, request] of Object.entries(requests)) {
      const call = await members.inProcess(setup.key.id, request.path, request.body);
      const first = performance.now();
      await call();
      const firstMs = performance.now() - first;
      const times: number[] = [];
      for (let i = 0; i < Number(args.runs); i++) {
        t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`${name}: first ${firstMs.toFixed(1)} ms, then p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms`);
    }
    if (args.keep) console.log(`database kept: ${database.url}`);
  } finally {
    await disconnectDb();
    if (!args.keep) await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
