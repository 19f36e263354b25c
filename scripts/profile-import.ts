// The import scenario in one process, without a server: a fresh database, a company, bench-import's
// 100,000-row CSV uploaded through the service and run to the end by the worker's rounds, each phase timed. Meant to
// be run under a profiler, the import's own cost without HTTP, polling or other load:
//
//   npx tsx --conditions=react-server scripts/profile-import.ts [--db sqlite|postgres] [--rows 100000] [--webhook] [--profile FILE]
//   node scripts/cpuprofile-top.mjs FILE
//
// --profile writes a V8 CPU profile of the run alone (not of the setup's migrations or the CSV's generation).
// NODE_OPTIONS="--max-old-space-size=384 --max-semi-space-size=4" gives the heap the production server's limits.
//
// --list imports the rows as subscribers of a new list (its cap above the rows) rather than as members.
// --fill imports the members with their emails only first (not measured): the run measured fills in the rest.
// --webhook enables a webhook endpoint first (of another company, as npm run bench leaves one from its webhook
// scenario), so the run writes its outbox events too. --workers runs it as the server does: the workers of
// lib/jobs/workers.ts started in this process (the webhook worker fanning the events out beside the import), the run
// started with startImport and followed by polling its view every 500 ms, as scripts/bench-import.ts does.
import fs from "node:fs";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { generateCsv } from "./bench-import";
import { startCpuProfile } from "./lib/cpu-profile";
import { createTestDatabase, testSecrets } from "./lib/test-stack";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    rows: { type: "string", default: "100000" },
    webhook: { type: "boolean", default: false },
    workers: { type: "boolean", default: false },
    list: { type: "boolean", default: false },
    fill: { type: "boolean", default: false },
    profile: { type: "string" },
  },
});
const provider = args.db === "postgres" ? "postgres" : "sqlite";
const rows = Number(args.rows);

async function main() {
  const database = await createTestDatabase(provider, `profile_import_${Date.now()}`);
  // lib/env.ts reads process.env once, on first use: configure before the services are imported.
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...testSecrets(),
  });
  applyMigrations(database.url);
  const { db, disconnectDb, prepareDatabase } = await import("../lib/db");
  const { operatorCaller } = await import("../modules/access/services/caller");
  const { createCompany } = await import("../modules/companies/services/changes");
  const { createImport, getImport, startImport } = await import("../modules/imports/services/imports");
  const { runImportRound } = await import("../modules/imports/services/run");
  const file = await generateCsv(rows);
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  try {
    await prepareDatabase();
    const op = operatorCaller();
    const company = await createCompany(op, { name: "Profilföreningen", orgNumber: "802000-0001", parentId: null });
    if (args.webhook) {
      const { createWebhookEndpoint } = await import("../modules/webhooks/services/webhooks");
      const other = await createCompany(op, { name: "Krokföreningen", orgNumber: "802000-0002", parentId: null });
      await createWebhookEndpoint(op, {
        company_id: other.id,
        url: "https://hooks.example.org/profile",
        events: ["member.created"],
        description: "",
      });
    }
    let target: Record<string, unknown> = { kind: "MEMBER", company_id: company.id };
    if (args.list) {
      const { createList } = await import("../modules/lists/services/lists");
      const list = await createList(op, { name: "Profillistan", company_id: company.id });
      await db().subscriptionList.update({ where: { id: list.id }, data: { subscriberCap: rows + 1 } });
      target = { kind: "SUBSCRIBER", list_id: list.id };
    }
    if (args.fill) {
      const stream = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
      const first = await createImport(op, { ...target, file_name: "emails.csv" } as never, "text/csv", stream);
      const mapping = JSON.stringify({ email: (first.mapping as { email: string }).email });
      await db().importRun.update({
        where: { id: first.id },
        data: { status: "QUEUED", mapping, consentSource: args.list ? "Profilering" : null },
      });
      while (await runImportRound("profile", () => false));
    }
    let t = performance.now();
    const body = Readable.toWeb(fs.createReadStream(file)) as ReadableStream<Uint8Array>;
    const uploaded = await createImport(op, { ...target, file_name: "profile.csv" } as never, "text/csv", body);
    console.log(`upload: ${seconds(t)} s (${(fs.statSync(file).size / 1e6).toFixed(1)} MB)`);
    // What reading and checking the rows costs alone (the run does it again, between its batches).
    t = performance.now();
    const { fileRows } = await import("../modules/imports/services/files");
    const { checkRow, columnIndexes, mapRow } = await import("../modules/imports/services/rows");
    let indexes: ReturnType<typeof columnIndexes> | null = null;
    const { filePath } = await db().importRun.findUniqueOrThrow({ where: { id: uploaded.id } });
    for await (const row of fileRows(filePath!, "CSV")) {
      if (indexes) checkRow(mapRow(row.cells, indexes));
      else indexes = columnIndexes(row.cells, uploaded.mapping as Record<string, string>);
    }
    console.log(`parse and check: ${seconds(t)} s`);
    let peak = 0;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const memory = process.memoryUsage();
      peak = Math.max(peak, memory.rss / 1e6);
      peakHeap = Math.max(peakHeap, memory.heapUsed / 1e6);
    }, 100);
    const stopProfile = await startCpuProfile(args.profile);
    const cpu = process.cpuUsage();
    t = performance.now();
    if (args.workers) {
      const { startWorkers } = await import("../lib/jobs/workers");
      const workers = await startWorkers({ sendouts: true, webhooks: true });
      await startImport(op, uploaded.id, {
        mapping: uploaded.mapping as { email: string },
        consent_source: args.list ? "Profilering" : undefined,
      });
      while (!["DONE", "FAILED"].includes((await getImport(op, uploaded.id)).status))
        await new Promise((r) => setTimeout(r, 500));
      await workers.stop();
    } else {
      // Queued directly, as the tests do: startImport would wake a round of its own beside ours.
      await db().importRun.update({
        where: { id: uploaded.id },
        data: {
          status: "QUEUED",
          mapping: JSON.stringify(uploaded.mapping),
          consentSource: args.list ? "Profilering" : null,
        },
      });
      while (await runImportRound("profile", () => false));
    }
    const run = await db().importRun.findUniqueOrThrow({ where: { id: uploaded.id } });
    clearInterval(sampler);
    const used = process.cpuUsage(cpu);
    await stopProfile();
    console.log(
      `run: ${seconds(t)} s, ${run.status}, read ${run.rowsRead}, added ${run.added}, updated ${run.updated}, skipped ${run.skipped}; CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; peak RSS ${peak.toFixed(0)} MB, heap ${peakHeap.toFixed(0)} MB (this process)`,
    );
    console.log(`webhook events left: ${await db().webhookEvent.count()}`);
  } finally {
    fs.rmSync(file, { force: true });
    await disconnectDb();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
