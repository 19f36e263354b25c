// What an enabled webhook endpoint costs the public subscribe (S2) on the production server (the target: at most 10 %),
// split in its two parts: the same S2 load, one after the other on one database, (a) with no endpoint, (b) with an
// endpoint enabled and the worker off (each subscribe writes its two outbox events, nobody delivers them), (c) with
// the worker on (it delivers to a counting receiver while the load runs), then (a) again with the endpoint disabled,
// to show how much the grown database alone moved. Needs the build (`npm run build`).
//
//   npx tsx --conditions=react-server scripts/profile-webhook-load.ts [--db sqlite|postgres] [--duration 10] [--connections 16]
import fs from "node:fs";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { makeFixtures, prepareRun, RUN_SETTINGS, seedRegister, subscribeBody } from "./lib/bench-fixtures";
import { load, type LoadSpec } from "./lib/bench-load";
import { serverProcess, startStack } from "./lib/bench-stack";
import { cpuSplitSince } from "./lib/process-cpu";
import { startCountingReceiver, WEBHOOK_SETTINGS } from "./lib/bench-webhooks";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";

async function main() {
  const { database, secrets, logFile } = await prepareRun(provider, "profile_webhook_load");
  const { db, disconnectDb, prepareDatabase } = await import("../lib/db");
  const receiver = await startCountingReceiver();
  try {
    applyMigrations(database.url);
    await prepareDatabase();
    const [companyId] = await seedRegister(20);
    const fixtures = await makeFixtures(companyId);
    const { operatorCaller } = await import("../modules/access/services/caller");
    const { createWebhookEndpoint } = await import("../modules/webhooks/services/webhooks");
    const { CreateWebhookEndpointRequest } = await import("../modules/webhooks/schemas/webhooks");
    const rows: string[] = [];

    const phase = async (name: string, worker: "on" | "off") => {
      // The server applies migrations at start, which waits for every other SQLite connection to let go.
      await disconnectDb();
      const stack = await startStack({
        databaseUrl: database.url,
        secrets,
        settings: { ...RUN_SETTINGS, ...WEBHOOK_SETTINGS, WEBHOOK_WORKER: worker },
        logFile,
      });
      try {
        const spec: LoadSpec = {
          key: "S2",
          scenario: name,
          url: `${stack.base}/v3/subscription_list/public/${fixtures.listUuid}`,
          method: "POST",
          body: subscribeBody(fixtures.questionIds),
          expectedStatus: 201,
        };
        const before = receiver.received();
        const serverPid = serverProcess(stack.root.pid!)!.pid;
        const cpuUsed = cpuSplitSince(serverPid, provider);
        const row = await load(spec, Number(args.connections), Number(args.duration));
        const used = cpuUsed();
        // CPU per subscribe: steadier than the rate on a machine whose speed drifts from one phase to the next.
        const perRequest = (seconds: number) =>
          ((seconds * 1000) / (row.requestsPerSecond * Number(args.duration))).toFixed(2);
        const cpu = `CPU ms a subscribe: server ${perRequest(used.server)}, PostgreSQL ${perRequest(used.database)}`;
        const wal =
          provider === "sqlite"
            ? `, WAL file ${(fs.statSync(`${database.url.replace(/^file:/, "")}-wal`, { throwIfNoEntry: false })?.size ?? 0) / 1e6} MB`
            : "";
        rows.push(
          `${name}: ${row.requestsPerSecond.toFixed(1)} req/s (p50 ${row.p50} ms, p99 ${row.p99} ms), ${receiver.received() - before} events delivered meanwhile${wal}; ${cpu}`,
        );
        console.log(rows.at(-1));
      } finally {
        await stack.stop();
      }
    };

    await phase("(a) no endpoint", "on");
    const endpointId = (
      await createWebhookEndpoint(
        operatorCaller(),
        CreateWebhookEndpointRequest.parse({
          company_id: companyId,
          url: receiver.url,
          events: ["member.created", "subscription.created"],
        }),
      )
    ).id;
    await phase("(b) endpoint, worker off", "off");
    await phase("(c) endpoint, worker on", "on");
    await db().webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false } });
    await phase("(a') endpoint disabled again", "on");
    console.log(`\n${provider}, ${args.connections} connections, ${args.duration} s each:\n  ${rows.join("\n  ")}`);
  } finally {
    await receiver.stop();
    await disconnectDb();
    await database.drop();
  }
}

runScript(main);
