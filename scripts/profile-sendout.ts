// A sendout in one process, without a server: a fresh database with generated members on one list, a
// counting SMTP server, then the worker's rounds (runSendoutRound) until every recipient is SENT, against a bare pooled
// nodemailer loop into the same SMTP server in the same run sending the same message (scripts/lib/bench-sendout.ts,
// as npm run bench does), and the old bare loop's smaller message.
//
//   npx tsx --import ./scripts/lib/without-server-only.mjs scripts/profile-sendout.ts [--db sqlite|postgres] [--members 20000] [--profile FILE]
//   node scripts/cpuprofile-top.mjs FILE
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import {
  bareNodemailerRate,
  NEWSLETTER_HTML,
  NEWSLETTER_SUBJECT,
  plainNewsletter,
  prepareSendout,
  sameAsSendout,
  SMTP_POOL_SIZE,
  startCountingSmtp,
} from "./lib/bench-sendout";
import { renderSample, sampleInput } from "./lib/sendout-sample";
import { startCpuProfile } from "./lib/cpu-profile";
import { createTestDatabase, testSecrets } from "./lib/test-stack";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    members: { type: "string", default: "20000" },
    profile: { type: "string" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";

async function main() {
  const database = await createTestDatabase(provider, `profile_sendout_${Date.now()}`);
  const smtp = await startCountingSmtp();
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...testSecrets(),
    SMTP_URL: smtp.url,
    SMTP_MAX_PER_SECOND: "0",
    SMTP_POOL_SIZE: String(SMTP_POOL_SIZE),
  });
  applyMigrations(database.url);
  const { db, disconnectDb, prepareDatabase } = await import("../lib/db");
  const { seedRegister } = await import("./lib/bench-fixtures");
  const { generateMembers } = await import("../lib/bootstrap/member-generator");
  const { operatorCaller } = await import("../modules/access/services/caller");
  const { createSendout } = await import("../modules/sendouts/services/sendouts");
  const { sendSendout } = await import("../modules/sendouts/services/states");
  const { runSendoutRound } = await import("../modules/sendouts/services/delivery");
  const { CreateSendoutRequest, SendSendoutRequest } = await import("../modules/sendouts/schemas/sendout");
  try {
    await prepareDatabase();
    const [rootId] = await seedRegister(20);
    await generateMembers(operatorCaller(), { company_id: rootId, members: Number(args.members), seed: 1 });
    const { listId, subscribed } = await prepareSendout(rootId);
    const bareCount = Math.min(subscribed, 20_000);
    const bare = await bareNodemailerRate(
      smtp.url,
      bareCount,
      SMTP_POOL_SIZE,
      sameAsSendout(await renderSample(await sampleInput(rootId, listId))),
    );
    const plain = await bareNodemailerRate(smtp.url, bareCount, SMTP_POOL_SIZE, plainNewsletter);
    const sendout = await createSendout(
      operatorCaller(),
      CreateSendoutRequest.parse({
        company_id: rootId,
        list_ids: [listId],
        subject: NEWSLETTER_SUBJECT,
        html: NEWSLETTER_HTML,
      }),
    );
    const stopProfile = await startCpuProfile(args.profile);
    const started = performance.now();
    const cpu = process.cpuUsage();
    await sendSendout(operatorCaller(), sendout.id, SendSendoutRequest.parse({}));
    while (await runSendoutRound("profile", () => false));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await stopProfile();
    const sent = await db().sendoutRecipient.count({ where: { sendoutId: sendout.id, status: "SENT" } });
    console.log(
      `${sent} of ${subscribed} sent in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)}/s, CPU ${((used.user + used.system) / 1000 / sent).toFixed(2)} ms a message; ` +
        `bare nodemailer, the same message: ${bare.perSecond.toFixed(0)}/s, CPU ${bare.cpuMs.toFixed(2)} ms; ratio ${(sent / seconds / bare.perSecond).toFixed(2)}; ` +
        `the old bare loop (plain newsletter): ${plain.perSecond.toFixed(0)}/s, CPU ${plain.cpuMs.toFixed(2)} ms, ratio ${(sent / seconds / plain.perSecond).toFixed(2)}; received ${smtp.received()}`,
    );
  } finally {
    await disconnectDb();
    await smtp.stop();
    await database.drop();
  }
}

runScript(main);
