// The public subscribe (S2 of npm run bench) through the built production server, next to C2 in the same run, with
// the CPU each part of the machine used per request: the server, the database's processes (PostgreSQL's backends) and
// the load generator (this process). Where profile-subscribe.ts shows the service alone, this one shows what decides
// the bench's ratio on two cores. --profile DIR: the server runs with node --cpu-prof into DIR.
//
//   npm run build && npx tsx --import ./scripts/lib/without-server-only.mjs scripts/profile-subscribe-server.ts \
//     [--db sqlite|postgres] [--seconds 10] [--connections 16] [--profile DIR] [--only S2]
//   node scripts/cpuprofile-top.mjs DIR/<file>.cpuprofile
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { basic, load, warmUpSeconds, type LoadSpec } from "./lib/bench-load";
import { createTestDatabase, startServer, testSecrets } from "./lib/test-stack";
import { cpuSplitSince } from "./lib/process-cpu";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "postgres" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    profile: { type: "string" },
    only: { type: "string" },
  },
});
const provider = args.db === "sqlite" ? "sqlite" : "postgres";

async function main() {
  const database = await createTestDatabase(provider, `profile_subscribe_server_${Date.now()}`);
  const secrets = testSecrets();
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...secrets });
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  const { makeFixtures, RUN_SETTINGS, seedRegister, subscribeBody } = await import("./lib/bench-fixtures");
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await prepareDatabase();
    const [root] = await seedRegister(20);
    const fixtures = await makeFixtures(root);
    await disconnectDb();
    if (args.profile) fs.mkdirSync(args.profile, { recursive: true });
    server = await startServer({
      databaseUrl: database.url,
      secrets,
      env: RUN_SETTINGS,
      nodeFlags: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    });
    const base = server.baseUrl;
    const specs: LoadSpec[] = [
      { key: "C2", scenario: "C2", url: `${base}/v3/company`, expectedStatus: 401 },
      {
        key: "S2",
        scenario: "S2",
        url: `${base}/v3/subscription_list/public/${fixtures.listUuid}`,
        method: "POST",
        body: subscribeBody(fixtures.questionIds),
        expectedStatus: 201,
      },
      {
        key: "S3",
        scenario: "S3",
        url: `${base}/v3/access/user/basic`,
        method: "POST",
        headers: basic(fixtures.key),
        expectedStatus: 200,
      },
    ];
    const rates: Record<string, number> = {};
    for (const spec of specs.filter((s) => !args.only || s.key === args.only)) {
      const cpuUsed = cpuSplitSince(server.process.pid!, provider);
      const row = await load(spec, Number(args.connections), Number(args.seconds));
      const cpu = cpuUsed();
      // load() warms up first and drains after: per request over everything it sent is close enough to compare.
      const requests = row.requestsPerSecond * (Number(args.seconds) + warmUpSeconds(Number(args.seconds)));
      const perRequest = (seconds: number) => ((seconds * 1000) / requests).toFixed(2);
      rates[spec.key!] = row.requestsPerSecond;
      console.log(
        `${spec.key}: ${row.requestsPerSecond.toFixed(0)} req/s; CPU ms per request: server ${perRequest(cpu.server)}, ` +
          `postgres ${perRequest(cpu.database)}, load generator ${perRequest(cpu.self)}`,
      );
    }
    if (rates.C2)
      console.log(
        Object.entries(rates)
          .map(([key, rate]) => `${key} / C2 = ${(rate / rates.C2).toFixed(2)}`)
          .join(", "),
      );
  } finally {
    await server?.stop();
    await database.drop();
  }
}

runScript(main);
