// The import scenario of `npm run bench` (docs/api.md "Import"): 100,000 generated member rows as one CSV file, uploaded
// through POST /v3/imports as a stream, started and followed until DONE, against the running server. Reports the
// time from upload to DONE and the server's peak RSS (sampled every 250 ms, as the sendout scenario does), and writes
// its section (`<provider>-import`) into BENCHMARKS.md. Targets: <= 60 s and <= 400 MB.
//
// Alone (npm run build first), against a server of its own on a fresh database, its section into data/bench/import.md:
//   npx tsx --conditions=react-server scripts/bench-import.ts [--db sqlite|postgres] [--rows 100000] [--webhook]
// --webhook leaves an endpoint of another company enabled, as npm run bench's webhook scenario does before this one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { bearerOfNewKey, json, runAlone } from "./lib/bench-alone";
import { mergeSection } from "./lib/bench-report";
import { serverProcess } from "./lib/bench-stack";
import { WEBHOOK_SETTINGS } from "./lib/bench-webhooks";

const TARGET_SECONDS = 60;
const TARGET_MB = 400;

/** A CSV of `rows` distinct members, written line by line (never whole in memory). */
export async function generateCsv(rows: number): Promise<string> {
  const file = path.join(os.tmpdir(), `bench-import-${process.pid}.csv`);
  const out = fs.createWriteStream(file);
  const write = (line: string) =>
    out.write(line) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r()));
  await write("\uFEFFE-post;Förnamn;Efternamn;Telefon;Födelsedatum;Gatuadress;Postnummer;Postort\r\n");
  for (let i = 0; i < rows; i++) {
    const year = 1950 + (i % 60);
    await write(
      `medlem${i}@import.example.org;Förnamn${i};Efternamn${i % 997};070-${String(i).padStart(7, "0")};${year}-0${1 + (i % 9)}-1${i % 10};Storgatan ${1 + (i % 120)};${10000 + (i % 89999)};Östersund\r\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return file;
}

/** Runs the scenario against the server at `base` (its process tree under `rootPid`) and writes its section. */
export async function benchImport(options: {
  base: string;
  companyId: string;
  rootPid: number;
  provider: string;
  out: string;
  rows?: number;
}) {
  const rows = options.rows ?? 100_000;
  const auth = await bearerOfNewKey(options.base, options.companyId, "bench import", {
    modules: ["member"],
    permissions: ["MEMBER.U"],
  });
  const file = await generateCsv(rows);
  const size = fs.statSync(file).size;
  const rss = () => serverProcess(options.rootPid)?.rssMb ?? 0;
  const idle = rss();
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 250);
  try {
    console.log(`[${options.provider}] import of ${rows} rows (${(size / 1e6).toFixed(1)} MB) ...`);
    const started = performance.now();
    const uploaded = await json(
      await fetch(`${options.base}/v3/imports?kind=MEMBER&company_id=${options.companyId}&file_name=bench.csv`, {
        method: "POST",
        headers: { ...auth, "content-type": "text/csv", "content-length": String(size) },
        body: fs.createReadStream(file) as unknown as BodyInit,
        duplex: "half",
      } as RequestInit),
      "POST /v3/imports",
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    await json(
      await fetch(`${options.base}/v3/imports/${uploaded.id}/start`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ mapping: uploaded.mapping }),
      }),
      "POST /v3/imports/{id}/start",
    );
    let view: { status: string; rows_read: number; added: number; skipped: number };
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      view = await json(
        await fetch(`${options.base}/v3/imports/${uploaded.id}`, { headers: auth }),
        "GET /v3/imports/{id}",
      );
      if (view.status === "DONE" || view.status === "FAILED") break;
    }
    const seconds = (performance.now() - started) / 1000;
    if (view.status !== "DONE" || view.added !== rows)
      throw new Error(`import ${uploaded.id} ended ${view.status} with ${view.added} added`);
    const met = (ok: boolean) => (ok ? "met" : "NOT met");
    const section =
      `### Import (${options.provider})\n\n` +
      `${rows} member rows, one ${(size / 1e6).toFixed(1)} MB CSV file, uploaded as a stream to POST /v3/imports (${uploadSeconds.toFixed(1)} s), ` +
      `started and polled until DONE.\n\n` +
      `| what | value | target |\n| --- | --- | --- |\n` +
      `| upload to DONE, ${rows} rows <= ${TARGET_SECONDS} s | ${seconds.toFixed(1)} s (${Math.round(rows / seconds)} rows/s) | ${met(seconds <= TARGET_SECONDS)} |\n` +
      `| server peak RSS during the import <= ${TARGET_MB} MB | ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB) | ${met(peak <= TARGET_MB)} |\n\n`;
    const existing = fs.existsSync(options.out) ? fs.readFileSync(options.out, "utf8") : "";
    fs.writeFileSync(options.out, mergeSection(existing, `${options.provider}-import`, section));
    console.log(`[${options.provider}] import: ${seconds.toFixed(1)} s, server peak RSS ${peak.toFixed(0)} MB`);
  } finally {
    clearInterval(sampler);
    fs.rmSync(file, { force: true });
  }
}

async function alone() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "sqlite" },
      rows: { type: "string", default: "100000" },
      webhook: { type: "boolean", default: false },
    },
  });
  const provider = values.db === "postgres" ? "postgres" : "sqlite";
  await runAlone(
    provider,
    "import",
    WEBHOOK_SETTINGS,
    async () => {
      if (!values.webhook) return;
      const { operatorCaller } = await import("../modules/access/services/caller");
      const { createCompany } = await import("../modules/companies/services/changes");
      const { createWebhookEndpoint } = await import("../modules/webhooks/services/webhooks");
      const other = await createCompany(operatorCaller(), {
        name: "Krokföreningen",
        orgNumber: "802000-0012",
        parentId: null,
      });
      await createWebhookEndpoint(operatorCaller(), {
        company_id: other.id,
        url: "http://127.0.0.1:9/hook",
        events: ["member.created", "subscription.created"],
        description: "",
      });
    },
    (stack, companyId) =>
      benchImport({
        base: stack.base,
        companyId,
        rootPid: stack.root.pid!,
        provider,
        out: path.resolve("data", "bench", "import.md"),
        rows: Number(values.rows),
      }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  alone().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
