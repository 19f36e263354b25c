// Webhook delivery in one process, without a server: a fresh database, an endpoint of a local receiver,
// `--events` member.created events, then worker rounds (as the job queue runs them, at full speed) until every event
// arrived; prints the rate and the CPU per delivered event (this process: the worker and the receiver).
//
//   npx tsx --import ./scripts/lib/without-server-only.mjs scripts/profile-webhooks.ts [--db sqlite|postgres] [--events 2000] [--profile FILE]
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { startCpuProfile } from "./lib/cpu-profile";
import { startCountingReceiver, WEBHOOK_SETTINGS } from "./lib/bench-webhooks";
import { createTestDatabase, testSecrets } from "./lib/test-stack";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    events: { type: "string", default: "2000" },
    profile: { type: "string" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";
const events = Number(args.events);

async function main() {
  const database = await createTestDatabase(provider, `profile_webhooks_${Date.now()}`);
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...testSecrets(),
    ...WEBHOOK_SETTINGS,
  });
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  const { seedRegister } = await import("./lib/bench-fixtures");
  const { operatorCaller } = await import("../modules/access/services/caller");
  const { createMember } = await import("../modules/members/services/changes");
  const { createWebhookEndpoint } = await import("../modules/webhooks/services/webhooks");
  const { runWebhookRound } = await import("../modules/webhooks/services/delivery");
  const { CreateMemberRequest } = await import("../modules/members/schemas/member");
  const { CreateWebhookEndpointRequest } = await import("../modules/webhooks/schemas/webhooks");
  const receiver = await startCountingReceiver();
  try {
    await prepareDatabase();
    const [companyId] = await seedRegister(20);
    await createWebhookEndpoint(
      operatorCaller(),
      CreateWebhookEndpointRequest.parse({ company_id: companyId, url: receiver.url, events: ["member.created"] }),
    );
    for (let i = 0; i < events; i++)
      await createMember(
        operatorCaller(),
        CreateMemberRequest.parse({ company_id: companyId, email: `webhook-${i}@example.org` }),
      );

    const stopProfile = await startCpuProfile(args.profile);
    const cpu = process.cpuUsage();
    const started = performance.now();
    while (receiver.received() < events) await runWebhookRound("profile", () => false);
    const elapsed = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await stopProfile();
    console.log(
      `${receiver.received()} events delivered in ${elapsed.toFixed(1)} s: ${(receiver.received() / elapsed).toFixed(0)}/s, CPU ${((used.user + used.system) / 1000 / receiver.received()).toFixed(2)} ms per event (this process)`,
    );
  } finally {
    await receiver.stop();
    await disconnectDb();
    await database.drop();
  }
}

runScript(main);
