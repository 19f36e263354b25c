// The public subscribe (S2 of npm run bench) in one process, without a server: a fresh database with the
// bench's list (fields, a consent term, questions), then subscribeVisitor called for new emails, `--concurrency` at
// a time, for `--seconds`; prints the rate, the CPU per subscribe and the statements one subscribe sends. With
// --webhook, an endpoint of the list's company is enabled first, so each subscribe also writes its webhook events (the
// bench's "S2 while webhooks are delivered", without the worker: nothing is delivered).
//
//   npx tsx --conditions=react-server scripts/profile-subscribe.ts [--db sqlite|postgres] [--seconds 10] [--concurrency 16] [--webhook] [--profile FILE]
//   node scripts/cpuprofile-top.mjs FILE
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { startCpuProfile } from "./lib/cpu-profile";
import { WEBHOOK_SETTINGS } from "./lib/bench-webhooks";
import { createTestDatabase, testSecrets } from "./lib/test-stack";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    webhook: { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";

async function main() {
  const database = await createTestDatabase(provider, `profile_subscribe_${Date.now()}`);
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...testSecrets(),
    SUBSCRIBER_CAP_DEFAULT: "100000000",
    LOG_SQL: "1",
    ...WEBHOOK_SETTINGS,
  });
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase, watchStatements } = await import("../lib/db");
  const { makeFixtures, seedRegister, subscribeBody } = await import("./lib/bench-fixtures");
  const { subscribeVisitor } = await import("../modules/lists/services/public-subscribe");
  try {
    await prepareDatabase();
    const [root] = await seedRegister(20);
    const fixtures = await makeFixtures(root);
    const body = JSON.parse(subscribeBody(fixtures.questionIds));
    if (args.webhook) {
      const { operatorCaller } = await import("../modules/access/services/caller");
      const { createWebhookEndpoint } = await import("../modules/webhooks/services/webhooks");
      const { CreateWebhookEndpointRequest } = await import("../modules/webhooks/schemas/webhooks");
      const events = ["member.created", "subscription.created"];
      await createWebhookEndpoint(
        operatorCaller(),
        CreateWebhookEndpointRequest.parse({ company_id: root, url: "http://127.0.0.1:9/hook", events }),
      );
    }
    let n = 0;
    const subscribe = () => subscribeVisitor(fixtures.listUuid, { ...body, email: `profile-${n++}@example.org` });
    for (let i = 0; i < 50; i++) await subscribe();
    const watch = watchStatements();
    await subscribe();
    watch.stop();
    console.log(
      `one subscribe, ${watch.statements.length} statements:\n  ${watch.statements.map((s) => s.replace(/\s+/g, " ").slice(0, 150)).join("\n  ")}`,
    );

    const stopProfile = await startCpuProfile(args.profile);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const until = started + Number(args.seconds) * 1000;
    let done = 0;
    await Promise.all(
      Array.from({ length: Number(args.concurrency) }, async () => {
        while (performance.now() < until) {
          await subscribe();
          done++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await stopProfile();
    console.log(
      `${done} subscribes in ${elapsed.toFixed(1)} s: ${(done / elapsed).toFixed(0)}/s, CPU ${((used.user + used.system) / 1000 / done).toFixed(2)} ms per subscribe (this process)`,
    );
  } finally {
    await disconnectDb();
    await database.drop();
  }
}

runScript(main);
