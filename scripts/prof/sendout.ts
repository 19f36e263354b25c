// Temporary profiling script (not committed): the sendout worker in-process against a counting SMTP server, next to
// the bare nodemailer loop, same process.
import { applyMigrations } from "../../lib/migrate-deploy";
import { RUN_SETTINGS, runSecrets, seedRegister } from "../lib/bench-fixtures";
import { createTestDatabase } from "../lib/test-stack";
import { bareNodemailerRate, prepareSendout, startCountingSmtp } from "../lib/bench-sendout";

async function main() {
  const n = Number(process.argv[2] ?? 5000);
  const database = await createTestDatabase("sqlite", `prof${Date.now()}`);
  const smtp = await startCountingSmtp();
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...runSecrets(), ...RUN_SETTINGS, SMTP_URL: smtp.url, SMTP_MAX_PER_SECOND: "0", SITE_URL: "https://forening.example.org" });
  const { prepareDatabase, db } = await import("../../lib/db");
  applyMigrations(database.url);
  await prepareDatabase();
  const rootIds = await seedRegister(20);
  const { prepareMembers } = await import("../lib/bench-members");
  await prepareMembers(rootIds[0], n);
  const setup = await prepareSendout(rootIds[0]);
  const { operatorCaller } = await import("../../lib/services/caller");
  const { createSendout } = await import("../../lib/services/sendouts");
  const { sendSendout } = await import("../../lib/services/sendout-states");
  const { CreateSendoutRequest, SendSendoutRequest } = await import("../../lib/validation/sendout");
  const html = "<h2>Hej {{firstname|medlem}}!</h2>" + Array.from({ length: 12 }, (_, i) => `<p>Stycke ${i + 1}: träningar, tävlingar och årsmötet. <a href="https://example.org/nyheter/${i}">Läs mer</a></p>`).join("");
  const b0 = process.cpuUsage();
  const bareCount = Math.min(setup.subscribed, 3000);
  const bare = await bareNodemailerRate(smtp.url, bareCount, 4);
  const bcpu = process.cpuUsage(b0);
  console.log(`bare: ${bare.perSecond.toFixed(0)}/s; CPU ${((bcpu.user + bcpu.system) / 1000 / bareCount).toFixed(3)} ms per message`);
  const sendout = await createSendout(operatorCaller(), CreateSendoutRequest.parse({ company_id: rootIds[0], list_ids: [setup.listId], subject: "Nyhetsbrev, {{firstname|medlem}}", html }));
  const { startWorkers } = await import("../../lib/jobs/workers");
  const inspector = await import("node:inspector/promises");
  const session = new inspector.Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  const before = smtp.received();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await sendSendout(operatorCaller(), sendout.id, SendSendoutRequest.parse({}));
  const workers = await startWorkers({ sendouts: true, webhooks: false });
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const row = await db().sendout.findUniqueOrThrow({ where: { id: sendout.id }, select: { status: true } });
    if (row.status === "SENT") break;
  }
  const s = (performance.now() - t0) / 1000;
  const { profile } = await session.post("Profiler.stop");
  (await import("node:fs")).writeFileSync("/tmp/sendout-phase.cpuprofile", JSON.stringify(profile));
  const cpu = process.cpuUsage(c0);
  const count = smtp.received() - before;
  console.log(`sendout: ${count} in ${s.toFixed(1)} s = ${(count / s).toFixed(0)}/s; CPU ${((cpu.user + cpu.system) / 1000 / count).toFixed(3)} ms per message; ratio ${(count / s / bare.perSecond).toFixed(2)}`);
  await workers.stop();
  process.exit(0);
}
void main();
