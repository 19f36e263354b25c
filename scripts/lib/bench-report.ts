// BENCHMARKS.md for `npm run bench`: one section per database (between markers, replaced by the next run of that
// database), with the machine, the scenarios and their ratios to C2 and C1 from the same run, and each target
// marked met or missed.
import os from "node:os";
import { warmUpSeconds, type BenchRow, type Timed } from "./bench-load";
import type { RegisterBaseline } from "./bench-register";
import type { BareFigures, SendoutFigures } from "./bench-sendout";
import type { DashboardTiming } from "./bench-dashboard";
import type { WebhookFigures } from "./bench-webhooks";
import type { SettledMemory } from "./bench-stack";

export interface SectionData {
  provider: "sqlite" | "postgres";
  command: string;
  duration: number;
  connections: number;
  companies: number;
  rows: BenchRow[];
  register: RegisterBaseline & { bytes: number };
  memory: { idle: SettledMemory; after: SettledMemory; serverPeakMb: number | null };
  /** The server's Node.js (`npm start`'s node_modules/.bin/node), which may differ from the bench's own. */
  serverNode: string | null;
  members: { count: number; seconds: number; inProcess: Record<string, Timed> } | null;
  sendout:
    (SendoutFigures & { bare: BareFigures; bareAfter: BareFigures; barePlain: BareFigures; bareCount: number }) | null;
  webhooks: WebhookFigures;
  dashboard: { timings: DashboardTiming[]; auditRows: number };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

/** The row of scenario `key` at `concurrency` connections. */
function rowOf(rows: BenchRow[], key: string, concurrency: number): BenchRow | undefined {
  return rows.find((r) => r.key === key && r.concurrency === concurrency);
}

/**
 * The C2 req/s a row is weighed against: the mean of the runs just before and just after it where it has them
 * (BenchRow.around), else the run's C2 row at its connection count.
 */
function c2RateOf(rows: BenchRow[], row: BenchRow): number {
  if (row.around) return (row.around.before + row.around.after) / 2;
  return rowOf(rows, "C2", row.concurrency)?.requestsPerSecond ?? NaN;
}

interface Target {
  what: string;
  value: string;
  met: boolean | null;
}

function targets(data: SectionData): Target[] {
  const n = data.connections;
  const c2 = rowOf(data.rows, "C2", n);
  const list: Target[] = [];
  // The targets for S2 and S3, on both databases.
  for (const [key, min] of [
    ["S1", 0.8],
    ["S4", 0.6],
    ["S3", 0.6],
    ["S2", 0.5],
    ["S5", 0.5],
  ] as const) {
    const row = rowOf(data.rows, key, n);
    const valid = row && c2 && !row.unexpected && !c2.unexpected;
    const ratio = row ? row.requestsPerSecond / c2RateOf(data.rows, row) : NaN;
    list.push({
      what: `${key} req/s / C2 req/s at ${n} connections >= ${min}`,
      value: valid ? fmt(ratio, 2) : "invalid (unexpected statuses)",
      met: valid ? ratio >= min : false,
    });
  }
  const s2 = rowOf(data.rows, "S2", n);
  if (s2) {
    const spread = s2.p99 / s2.p50;
    const applies = data.provider === "postgres";
    list.push({
      what: `subscribe (S2) p99 <= 4x p50 at ${n} connections${applies ? "" : " (a PostgreSQL target; shown for comparison)"}`,
      value: `${fmt(spread, 2)}x (p50 ${s2.p50} ms, p99 ${s2.p99} ms)`,
      met: applies ? !s2.unexpected && spread <= 4 : null,
    });
  }
  const w = data.webhooks;
  // In turns (scripts/lib/bench-webhooks.ts): the loads with the endpoint against those without, each kind averaged.
  const rates = (rows: BenchRow[]) => rows.map((r) => fmt(r.requestsPerSecond)).join(", ");
  const mean = (rows: BenchRow[]) => rows.reduce((sum, r) => sum + r.requestsPerSecond, 0) / rows.length;
  const ratio = mean(w.withWebhooks) / mean(w.without);
  list.push({
    what: `S2 while ${w.events} webhook events are delivered / S2 without an endpoint (loads in turns, each kind's mean) >= 0.9`,
    value:
      `${fmt(ratio, 2)} (${fmt(mean(w.withWebhooks))} vs ${fmt(mean(w.without))} req/s: with ${rates(w.withWebhooks)}; without ${rates(w.without)}` +
      `${s2 ? `; the table's S2 ${fmt(s2.requestsPerSecond)}` : ""}); all delivered after ${fmt(w.seconds, 1)} s (${fmt(w.perSecond, 0)} events/s), ${w.undelivered} not delivered`,
    met:
      [...w.withWebhooks, ...w.without].every((r) => !r.unexpected) &&
      w.undelivered === 0 &&
      w.events >= 10_000 &&
      ratio >= 0.9,
  });
  for (const t of data.dashboard.timings) {
    list.push({
      what: `dashboard GET /admin/api${t.path} p95 <= 150 ms at 1 connection`,
      value: t.unexpected
        ? `invalid (${t.unexpected} not 200)`
        : `${fmt(t.p95)} ms (p50 ${fmt(t.p50)} ms, ${t.requests} requests)`,
      met: !t.unexpected && t.p95 <= 150,
    });
  }
  // Members: the list (page 1, a deep page) and the search by ratio; the dashboard's Members route by latency.
  for (const [key, min] of [
    ["M1", 0.3],
    ["M2", 0.3],
    ["M3", 0.15],
  ] as const) {
    const row = rowOf(data.rows, key, n);
    if (!row || !c2) continue;
    const ratio = row.requestsPerSecond / c2RateOf(data.rows, row);
    list.push({
      what: `${key} ${row.scenario} req/s / C2 req/s at ${n} connections >= ${min}`,
      value: row.unexpected ? "invalid (unexpected statuses)" : fmt(ratio, 2),
      met: !row.unexpected && ratio >= min,
    });
  }
  const dashboard = rowOf(data.rows, "M4", 1);
  if (dashboard) {
    // autocannon reports p97.5 and p99, not p95: p99 <= 150 ms is the stricter bound.
    list.push({
      what: "M4 dashboard Members route p95 <= 150 ms at 1 connection (shown: p99)",
      value: `p99 ${fmt(dashboard.p99, 2)} ms`,
      met: !dashboard.unexpected && dashboard.p99 <= 150,
    });
  }
  const { idle, after } = data.memory;
  const rest = (memory: SettledMemory) =>
    `${fmt(memory.totalMb, 0)} MB (${memory.parts}; settled after ${memory.settledAfterSeconds} s, ${fmt(memory.firstMb, 0)} MB at its first sample)`;
  list.push({ what: "process tree RSS idle <= 200 MB", value: rest(idle), met: idle.totalMb <= 200 });
  list.push({ what: "process tree RSS after the load <= 400 MB", value: rest(after), met: after.totalMb <= 400 });
  if (data.sendout) {
    const s = data.sendout;
    const bare = (s.bare.perSecond + s.bareAfter.perSecond) / 2;
    const ratio = s.perSecond / bare;
    list.push({
      what: "sendout messages/s / bare nodemailer loop's (the same message, the mean of before and after) >= 0.8",
      value:
        `${fmt(ratio, 2)} (${fmt(s.perSecond, 0)} vs ${fmt(bare, 0)} messages/s: ${fmt(s.bare.perSecond, 0)} before, ${fmt(s.bareAfter.perSecond, 0)} after; ` +
        `against the old plain message's ${fmt(s.barePlain.perSecond, 0)}/s: ${fmt(s.perSecond / s.barePlain.perSecond, 2)})`,
      met: ratio >= 0.8,
    });
    list.push({
      what: `fixing the recipients of a ${s.recipients}-recipient sendout <= 10 s`,
      value: `${fmt(s.fixSeconds, 2)} s`,
      met: s.fixSeconds <= 10,
    });
    const duplicates = s.received - s.distinct;
    list.push({
      what: "every recipient one message, none twice",
      value: `${s.received} received, ${s.distinct} distinct Message-IDs, ${s.recipients} recipients`,
      met: duplicates === 0 && s.distinct === s.recipients,
    });
    list.push({
      what: "server RSS during the send <= 400 MB",
      value: `${fmt(s.peakServerRssMb, 0)} MB at its peak (${fmt(s.idleServerRssMb, 0)} MB before)`,
      met: s.peakServerRssMb <= 400,
    });
  }
  const fk = rowOf(data.rows, "register", 1);
  if (fk) {
    const ratio = fk.p50 / data.register.driver.p50;
    list.push({
      what: `GET /v3/company/fk p50 / (raw query + JSON) p50 <= 1.5x`,
      value: `${fmt(ratio, 2)}x`,
      met: !fk.unexpected && ratio <= 1.5,
    });
  }
  return list;
}

export function machineLines(serverNode: string | null): string[] {
  const cpus = os.cpus();
  return [
    `- Machine: ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, ${fmt(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}`,
    `- Node ${serverNode ?? "unknown"} (the server), ${process.version} (the bench and autocannon), ${new Date().toISOString()}`,
  ];
}

export function renderSection(data: SectionData): string {
  const n = data.connections;
  const ratio = (row: BenchRow, key: string) => {
    const base = key === "C2" ? c2RateOf(data.rows, row) : rowOf(data.rows, key, row.concurrency)?.requestsPerSecond;
    return base ? fmt(row.requestsPerSecond / base, 2) : "";
  };
  const around = (row: BenchRow) => (row.around ? `${fmt(row.around.before)} / ${fmt(row.around.after)}` : "");
  const name = (row: BenchRow) =>
    `${row.key ? `${row.key} ` : ""}${row.scenario}${row.unexpected ? ` **!! ${row.unexpected} unexpected responses (${row.statuses})**` : ""}`;
  const { register, members, memory } = data;
  const fk = rowOf(data.rows, "register", 1);
  const met = (t: Target) => (t.met === null ? "info" : t.met ? "met" : "**missed**");
  return [
    `## ${data.provider === "postgres" ? "PostgreSQL (127.0.0.1)" : "SQLite (file, WAL)"}`,
    "",
    ...machineLines(data.serverNode),
    `- Command: \`${data.command}\`; ${data.duration} s per scenario and connection count (after a ${warmUpSeconds(data.duration)} s warm-up)`,
    `- Server: \`npm start\` (production build, dist/server.mjs on node, the leisure-card simulator beside it); rate limits and SUBSCRIBER_CAP_DEFAULT raised by configuration`,
    `- Data: ${data.companies} companies; an active list with 3 fields, a consent term and 3 questions${members ? `; ${members.count} members (generated in ${fmt(members.seconds)} s)` : ""}; ${data.dashboard.auditRows} audit entries`,
    "",
    "| scenario | conns | req/s | p50 ms | p99 ms | / C2 | / C1 | C2 just before / after |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...data.rows.map(
      (r) =>
        `| ${name(r)} | ${r.concurrency} | ${fmt(r.requestsPerSecond)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${ratio(r, "C2")} | ${ratio(r, "C1")} | ${around(r)} |`,
    ),
    "",
    `Targets (ratios are req/s over C2's at the same connection count, same run; at ${n} connections each targeted scenario over the mean of C2 run just before and just after it, ` +
      "the last column: the machine's speed drifts within minutes, and the C2 row above was measured first):",
    "",
    ...targets(data).map((t) => `- ${t.what}: ${t.value}: ${met(t)}`),
    "",
    `Register (GET /v3/company/fk, ${register.rows} rows, ${fmt(register.bytes / 1e6, 2)} MB of JSON), in-process baselines, one at a time:`,
    "",
    `- raw query via ${register.driverName} + JSON: p50 ${fmt(register.driver.p50, 2)} ms, p99 ${fmt(register.driver.p99, 2)} ms` +
      (fk ? `; endpoint p50 / this: **${fmt(fk.p50 / register.driver.p50, 2)}x**` : ""),
    `- raw query via Prisma $queryRaw + JSON: p50 ${fmt(register.prisma.p50, 2)} ms, p99 ${fmt(register.prisma.p99, 2)} ms` +
      (fk ? `; endpoint p50 / this: ${fmt(fk.p50 / register.prisma.p50, 2)}x` : ""),
    ...(members
      ? [
          "",
          "Members, the same service call in-process (no HTTP, no JSON) against the endpoint at 1 connection:",
          "",
          ...Object.entries(members.inProcess).map(([scenario, t]) => {
            const http = data.rows.find((r) => r.scenario === scenario && r.concurrency === 1);
            return `- ${scenario}: in-process p50 ${fmt(t.p50, 2)} ms${http ? `; HTTP p50 / in-process **${fmt(http.p50 / t.p50, 2)}x**` : ""}`;
          }),
        ]
      : []),
    ...(data.sendout
      ? [
          "",
          `Sendout: ${data.sendout.recipients} recipients (one list, every generated member with an address) into a local SMTP server (smtp-server, counting only), SMTP_MAX_PER_SECOND=0, SMTP_POOL_SIZE 4: ` +
            `recipients fixed in ${fmt(data.sendout.fixSeconds, 2)} s, all SENT after ${fmt(data.sendout.sendSeconds, 1)} s (${fmt(data.sendout.perSecond, 0)} messages/s, rendering each); ` +
            `a bare pooled nodemailer loop into the same server, ${data.sendout.bareCount} messages each: the sendout's own message to one recipient (only To and Message-ID varying) ` +
            `${fmt(data.sendout.bare.perSecond, 0)} messages/s before the sendout and ${fmt(data.sendout.bareAfter.perSecond, 0)} after (${fmt(data.sendout.bare.cpuMs, 2)} ms CPU a message), the old plain newsletter (no layout, text "Hej!", no headers) ${fmt(data.sendout.barePlain.perSecond, 0)} messages/s.`,
        ]
      : []),
    "",
    `Memory: tree RSS idle ${fmt(memory.idle.totalMb, 0)} MB, after the load ${fmt(memory.after.totalMb, 0)} MB, each once it held still (sampled every second from 5 s on: scripts/lib/bench-stack.ts settledTreeRss); server peak (VmHWM) ${memory.serverPeakMb === null ? "n/a" : `${fmt(memory.serverPeakMb, 0)} MB`}. ` +
      `C1 is a bare node:http server with the driver and prepared statements in a process of its own, answering S1's body byte for byte; at ${n} connections both share the machine's cores with autocannon.`,
    "",
  ].join("\n");
}

const HEADER = [
  "# Benchmarks",
  "",
  "Produced by `npm run bench` (scripts/bench.ts): one run per database against the production server started by",
  "`npm start`, each scenario at 1 and 16 connections, with its ratios to C2 (GET /v3/company without a token, answered",
  "401 by the route wrapper: the framework's ceiling) and to C1 (a bare node:http server with the database driver",
  "serving S1's body) from the same run. autocannon runs on the same machine and competes for the same cores: the",
  "absolute numbers depend on the machine, the ratios are the point. Each run replaces the section of its database;",
  "`npm run bench -- --nodes A,B` replaces only the section comparing Node.js binaries (docs/performance.md).",
  "",
].join("\n");

/** Replaces the section `key` (between its markers), drops sections `obsolete`, keeps the others under a fresh header. */
export function mergeSection(existing: string, key: string, section: string, obsolete: string[] = []): string {
  let text = existing;
  const markers = (k: string) => [`<!-- bench:${k} -->`, `<!-- /bench:${k} -->`] as const;
  for (const old of obsolete) {
    const [begin, end] = markers(old);
    const from = text.indexOf(begin);
    const to = text.indexOf(end);
    if (from >= 0 && to > from) text = text.slice(0, from) + text.slice(to + end.length).replace(/^\n+/, "");
  }
  const [begin, end] = markers(key);
  const block = `${begin}\n${section}${end}\n`;
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  const first = text.indexOf("<!-- bench:");
  let body = first >= 0 ? text.slice(first) : "";
  if (from >= 0 && to > from) body = text.slice(first, from) + block + text.slice(to + end.length + 1);
  else body = `${body.trimEnd()}${body ? "\n\n" : ""}${block}`;
  return `${HEADER}\n${body.trimEnd()}\n`;
}
