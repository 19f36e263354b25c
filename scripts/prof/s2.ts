// Temporary profiling script (not committed): the cost of one public subscribe, in-process, sequentially.
import { applyMigrations } from "../../lib/migrate-deploy";
import { makeFixtures, RUN_SETTINGS, runSecrets, seedRegister } from "../lib/bench-fixtures";
import { createTestDatabase } from "../lib/test-stack";

async function main() {
  const provider = (process.argv[2] ?? "sqlite") as "sqlite" | "postgres";
  const n = Number(process.argv[3] ?? 3000);
  const database = await createTestDatabase(provider, `prof${Date.now()}`);
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...runSecrets(), ...RUN_SETTINGS });
  const { prepareDatabase } = await import("../../lib/db");
  applyMigrations(database.url);
  await prepareDatabase();
  const rootIds = await seedRegister(20);
  const fixtures = await makeFixtures(rootIds[1]);
  const { subscribeVisitor } = await import("../../lib/services/subscriptions");
  const body = (i: number) => ({ email: `bench-${i}@example.org`, firstname: "Bench", lastname: "Besökare", phone: "070-123 45 67", answered_prop_ids: fixtures.questionIds.slice(0, 2), terms_accepted: true });
  for (let i = 0; i < 300; i++) await subscribeVisitor(fixtures.listUuid, body(i) as never);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 300; i < 300 + n; i++) await subscribeVisitor(fixtures.listUuid, body(i) as never);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  console.log(`${provider}: ${n} subscribes in ${ms.toFixed(0)} ms = ${(n / (ms / 1000)).toFixed(0)}/s, ${(ms / n).toFixed(3)} ms each; CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms each`);
  process.exit(0);
}
void main();
