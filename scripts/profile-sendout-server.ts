// A sendout through the built production server, as `npm run bench` sends it: generated members on one
// list, a counting SMTP server in this process, the server's own worker sending, against a bare pooled nodemailer loop
// into the same SMTP server. Where profile-sendout.ts runs the worker's rounds in one process, this one shows what the
// server adds: its profile (--profile DIR: node --cpu-prof into DIR) and the cost of the bench's status poll
// (--poll http, every 500 ms as the bench does; --poll none: waits on the SMTP server's count, one GET at the end).
//
//   npm run build && npx tsx --import ./scripts/lib/without-server-only.mjs scripts/profile-sendout-server.ts \
//     [--db sqlite|postgres] [--members 20000] [--poll http|none] [--pool N] [--profile DIR]
//   node scripts/cpuprofile-top.mjs DIR/<file>.cpuprofile
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import {
  bareNodemailerRate,
  measureSendout,
  prepareSendout,
  sameAsSendout,
  SMTP_POOL_SIZE,
  startCountingSmtp,
} from "./lib/bench-sendout";
import { bearer } from "./lib/bench-load";
import { renderSample, sampleInput } from "./lib/sendout-sample";
import { createTestDatabase, startServer, testSecrets } from "./lib/test-stack";
import { cpuSplitSince } from "./lib/process-cpu";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    members: { type: "string", default: "20000" },
    poll: { type: "string", default: "http" },
    pool: { type: "string", default: String(SMTP_POOL_SIZE) },
    profile: { type: "string" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";
if (args.poll !== "http" && args.poll !== "none") throw new Error("--poll is http or none");

async function main() {
  const database = await createTestDatabase(provider, `profile_sendout_server_${Date.now()}`);
  const smtp = await startCountingSmtp();
  const secrets = testSecrets();
  Object.assign(process.env, { DATABASE_URL: database.url, LOG_LEVEL: "warn", ...secrets });
  applyMigrations(database.url);
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  const { seedRegister } = await import("./lib/bench-fixtures");
  const { generateMembers } = await import("../lib/bootstrap/member-generator");
  const { operatorCaller } = await import("../modules/access/services/caller");
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await prepareDatabase();
    const [rootId] = await seedRegister(20);
    await generateMembers(operatorCaller(), { company_id: rootId, members: Number(args.members), seed: 1 });
    const { listId, subscribed, key } = await prepareSendout(rootId);
    const message = sameAsSendout(await renderSample(await sampleInput(rootId, listId)));
    await disconnectDb();
    if (args.profile) fs.mkdirSync(args.profile, { recursive: true });
    server = await startServer({
      databaseUrl: database.url,
      secrets,
      env: { SENDOUT_WORKER: "on", SMTP_URL: smtp.url, SMTP_MAX_PER_SECOND: "0", SMTP_POOL_SIZE: args.pool! },
      nodeFlags: args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    });
    const bare = await bareNodemailerRate(smtp.url, Math.min(subscribed, 20_000), Number(args.pool), message);
    const cpuUsed = cpuSplitSince(server.process.pid!, provider);
    const figures = await measureSendout(
      server.baseUrl,
      await bearer(server.baseUrl, key),
      rootId,
      listId,
      smtp,
      server.process.pid!,
      args.poll === "http" ? 500 : undefined,
    );
    const cpu = cpuUsed();
    const perMessage = (seconds: number) => ((seconds * 1000) / figures.received).toFixed(2);
    console.log(
      `${figures.recipients} recipients, ${figures.received} received (${figures.distinct} distinct) in ${figures.sendSeconds.toFixed(1)} s: ` +
        `${figures.perSecond.toFixed(0)}/s, the server's CPU ${perMessage(cpu.server)} ms a message, ` +
        `the database's ${perMessage(cpu.database)} ms, the SMTP server's (this process) ${perMessage(cpu.self)} ms; ` +
        `bare nodemailer, the same message: ${bare.perSecond.toFixed(0)}/s, CPU ${bare.cpuMs.toFixed(2)} ms a message (the SMTP server's included); ratio ${(figures.perSecond / bare.perSecond).toFixed(2)} ` +
        `(poll ${args.poll}; server RSS peak ${figures.peakServerRssMb.toFixed(0)} MB)`,
    );
  } finally {
    await server?.stop();
    await smtp.stop();
    await database.drop();
  }
}

runScript(main);
