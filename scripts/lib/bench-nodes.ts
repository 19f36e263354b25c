// `npm run bench -- --nodes A,B`: the server on two (or more) Node.js binaries in one run on one commit, against one
// database with the same data, the binaries taking turns (A, B, A, B ... for --rounds rounds) so the machine's drift
// hits each. Each turn starts the server afresh on its binary (scripts/lib/bench-serve.mjs, with the flags and memory
// environment of `npm start`; bench-stack.ts startStack's `node`), measures the tree's RSS idle, loads C2, C1 (on the
// same binary) and S1-S4 with C2 before and after each S, measures the RSS after the load and asks the server where
// its memory is (scripts/lib/bench-node-preload.mjs, on SIGUSR2). BENCHMARKS.md gets the section "nodes".
//
// better-sqlite3 is native: a binary it does not load on (another ABI) gets a build of the same version compiled
// against that binary's headers under data/bench-node/, made here when missing (node-gyp from that Node.js's npm,
// about a minute), and loaded by the preload in place of node_modules' build. The production code path is unchanged.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { applyMigrations } from "../../lib/migrate-deploy";
import { endRun, makeFixtures, prepareRun, RUN_SETTINGS, seedRegister, subscribeBody } from "./bench-fixtures";
import { basic, bearer, load, probe, warmUp, warmUpSeconds, type BenchRow, type LoadSpec } from "./bench-load";
import { startCountingSmtp, type CountingSmtp } from "./bench-sendout";
import { serverPeakMb, settledTreeRss, startC1, startStack, type SettledMemory, type Stack } from "./bench-stack";
import { WEBHOOK_SETTINGS } from "./bench-webhooks";

export interface NodeBinary {
  /** As given on the command line (the binary, then any extra node flags and NAME=value settings), and resolved. */
  given: string;
  /** The binary's version and the extra flags and settings, if any: what the report calls it. */
  label: string;
  path: string;
  /** Node flags after npm start's own (e.g. --no-maglev), for trying a setting. */
  flags: string[];
  version: string;
  /** process.versions.modules: the ABI native modules are compiled for. */
  abi: string;
  /** The preload's environment: BENCH_BETTER_SQLITE3_NODE when node_modules' better-sqlite3 does not load on it. */
  env: Record<string, string>;
}

/** What the preload writes on SIGUSR2 (scripts/lib/bench-node-preload.mjs). */
interface MemoryReport {
  version: string;
  memoryUsage: NodeJS.MemoryUsage;
  heap: Record<string, number>;
  spaces: { space_name: string; space_size: number; space_used_size: number; physical_space_size: number }[];
  smapsKb: Record<string, number>;
}

interface NodeTurn {
  label: string;
  version: string;
  round: number;
  rows: BenchRow[];
  idle: SettledMemory;
  after: SettledMemory;
  peakMb: number | null;
  memoryIdle: MemoryReport | null;
  memoryAfter: MemoryReport | null;
}

export interface NodeComparison {
  provider: "sqlite" | "postgres";
  duration: number;
  connections: number;
  companies: number;
  nodes: { given: string; label: string; version: string; abi: string; overlay: boolean }[];
  turns: NodeTurn[];
}

const SETTLE_MS = 5000;
/** Unmeasured load on each path once per turn, before the first measured run. */
const FIRST_WARM_UP_SECONDS = 5;
const BUILDS_DIR = path.resolve("data", "bench-node");

function run(node: string, code: string, env: Record<string, string> = {}) {
  return spawnSync(node, ["-e", code], { encoding: "utf8", env: { ...process.env, ...env } });
}

/** node-gyp as npm ships it beside the binary (<prefix>/lib/node_modules/npm), else the npm on PATH's. */
function nodeGyp(node: string): string {
  const beside = path.resolve(node, "../../lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js");
  if (fs.existsSync(beside)) return beside;
  const root = spawnSync("npm", ["root", "-g"], { encoding: "utf8" }).stdout.trim();
  const global = path.join(root, "npm/node_modules/node-gyp/bin/node-gyp.js");
  if (fs.existsSync(global)) return global;
  throw new Error(`no node-gyp found beside ${node} or in ${root}/npm`);
}

/** The Node.js headers for `node`: npm_config_nodedir, else <prefix>/include/node of the binary. */
function nodedirOf(node: string): string {
  const candidates = [process.env.npm_config_nodedir, path.resolve(node, "../..")].filter(Boolean) as string[];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "include/node/node.h")));
  if (!found) throw new Error(`no Node.js headers (include/node/node.h) in ${candidates.join(" or ")} for ${node}`);
  return found;
}

/**
 * better-sqlite3 (node_modules' version) compiled for `node`, under data/bench-node/<abi>-better-sqlite3-<version>/:
 * the package's sources copied there and built with node-gyp on that very binary. Returns the .node file.
 */
function betterSqlite3For(node: string, abi: string): string {
  const pkg = path.resolve("node_modules/better-sqlite3");
  const version = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")).version as string;
  const dir = path.join(BUILDS_DIR, `abi${abi}-better-sqlite3-${version}`);
  const file = path.join(dir, "build/Release/better_sqlite3.node");
  if (!fs.existsSync(file)) {
    const nodedir = nodedirOf(node);
    console.log(
      `[nodes] compiling better-sqlite3 ${version} for ABI ${abi} against ${nodedir}/include/node in ${dir} ...`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const entry of ["binding.gyp", "deps", "src", "lib", "package.json"])
      fs.cpSync(path.join(pkg, entry), path.join(dir, entry), { recursive: true });
    const built = spawnSync(node, [nodeGyp(node), "rebuild", "--release", `--nodedir=${nodedir}`], {
      cwd: dir,
      stdio: "inherit",
    });
    if (built.status !== 0 || !fs.existsSync(file)) throw new Error(`compiling better-sqlite3 in ${dir} failed`);
  }
  return file;
}

/** The binaries of --nodes, each checked: its version, better-sqlite3 (built for it when needed) and argon2 load. */
export function prepareNodes(list: string): NodeBinary[] {
  const nodes = list.split(",").map((given) => given.trim());
  if (nodes.length < 2 || nodes.some((n) => !n))
    throw new Error("--nodes takes two or more Node.js binaries, comma-separated");
  return nodes.map((given) => {
    const [binary, ...extra] = given.split(/\s+/);
    const flags = extra.filter((token) => token.startsWith("-"));
    const settings = extra.filter((token) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(token));
    if (flags.length + settings.length !== extra.length)
      throw new Error(`--nodes: after the binary, only node flags (-...) and NAME=value settings: ${given}`);
    const resolved = path.resolve(binary);
    const about = run(resolved, "console.log(JSON.stringify([process.version, process.versions.modules]))");
    if (about.status !== 0) throw new Error(`${given} does not run: ${about.stderr || about.error}`);
    const [version, abi] = JSON.parse(about.stdout) as [string, string];
    const opens = 'new (require("better-sqlite3"))(":memory:").close()';
    let env: Record<string, string> = {};
    if (run(resolved, opens).status !== 0) {
      env = { BENCH_BETTER_SQLITE3_NODE: betterSqlite3For(resolved, abi) };
      const overlaid = spawnSync(resolved, ["--import", "./scripts/lib/bench-node-preload.mjs", "-e", opens], {
        encoding: "utf8",
        env: { ...process.env, ...env },
      });
      if (overlaid.status !== 0)
        throw new Error(`better-sqlite3 does not load on ${given} (${version}): ${overlaid.stderr}`);
    }
    const argon2 = run(resolved, 'require("@node-rs/argon2").hashSync("x")');
    if (argon2.status !== 0)
      throw new Error(`@node-rs/argon2 does not load on ${given} (${version}): ${argon2.stderr}`);
    console.log(
      `[nodes] ${given}: ${version} (ABI ${abi}), better-sqlite3 ${env.BENCH_BETTER_SQLITE3_NODE ? `from ${path.relative(process.cwd(), env.BENCH_BETTER_SQLITE3_NODE)}` : "from node_modules"}`,
    );
    for (const setting of settings)
      env[setting.slice(0, setting.indexOf("="))] = setting.slice(setting.indexOf("=") + 1);
    const label = [version, ...extra].join(" ");
    return { given, label, path: resolved, flags, version, abi, env };
  });
}

/** Has the server write its memory report (SIGUSR2 to the preload) and reads it; null if none comes within 5 s. */
async function memoryReport(pid: number, file: string): Promise<MemoryReport | null> {
  fs.rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8")) as MemoryReport;
  }
  return null;
}

/** One database: data once, then each binary's turns. */
export async function runNodeComparison(
  provider: "sqlite" | "postgres",
  options: { nodes: NodeBinary[]; rounds: number; duration: number; connections: number; companies: number },
): Promise<NodeComparison> {
  const { nodes, rounds, duration, connections, companies } = options;
  const { database, secrets, logFile } = await prepareRun(provider, "bench_nodes");
  const { disconnectDb, prepareDatabase } = await import("../../lib/db");
  let smtp: CountingSmtp | undefined;
  let stack: Stack | undefined;
  let c1: Awaited<ReturnType<typeof startC1>> | undefined;
  let ok = false;
  const turns: NodeTurn[] = [];
  const memoryFile = `${logFile}.memory.json`;
  try {
    applyMigrations(database.url);
    await prepareDatabase();
    console.log(`[${provider}] seeding ${companies} companies and the fixtures ...`);
    const rootIds = await seedRegister(companies);
    const fixtures = await makeFixtures(rootIds[1]);
    await disconnectDb();
    smtp = await startCountingSmtp();
    for (let round = 1; round <= rounds; round++) {
      for (const node of nodes) {
        console.log(`[${provider}] round ${round}: the server on ${node.given} (${node.version}) ...`);
        stack = await startStack({
          databaseUrl: database.url,
          secrets,
          settings: { ...RUN_SETTINGS, ...WEBHOOK_SETTINGS, SMTP_URL: smtp.url, SMTP_MAX_PER_SECOND: "0" },
          logFile,
          node: { path: node.path, flags: node.flags, env: { ...node.env, BENCH_MEMORY_FILE: memoryFile } },
        });
        const pid = stack.root.pid!;
        const idle = await settledTreeRss(pid, SETTLE_MS);
        const memoryIdle = await memoryReport(pid, memoryFile);
        console.log(`[${provider}]   RSS idle ${idle.totalMb.toFixed(0)} MB (${idle.parts})`);
        const base = stack.base;
        const url = (p: string) => `${base}${p}`;
        const uuid = fixtures.listUuid;
        const c2: LoadSpec = {
          key: "C2",
          scenario: "GET /v3/company without a token",
          url: url("/v3/company"),
          expectedStatus: 401,
        };
        const specs: LoadSpec[] = [
          {
            key: "S1",
            scenario: "GET /v3/subscription_list/public/{uuid}",
            url: url(`/v3/subscription_list/public/${uuid}`),
            expectedStatus: 200,
          },
          {
            key: "S2",
            scenario: "POST /v3/subscription_list/public/{uuid} (a new email each)",
            url: url(`/v3/subscription_list/public/${uuid}`),
            method: "POST",
            body: subscribeBody(fixtures.questionIds),
            expectedStatus: 201,
          },
          {
            key: "S3",
            scenario: "POST /v3/access/user/basic",
            url: url("/v3/access/user/basic"),
            method: "POST",
            headers: basic(fixtures.key),
            expectedStatus: 200,
          },
          {
            key: "S4",
            scenario: "GET /v3/company/{company_id}/fk (bearer)",
            url: url(`/v3/company/${fixtures.companyId}/fk`),
            headers: await bearer(base, fixtures.key),
            expectedStatus: 200,
          },
        ];
        const s1Body = await probe(specs[0]);
        for (const spec of [c2, ...specs.slice(1)]) await probe(spec);
        // A fresh server compiles its hot paths under the first load: C2 first after the start ran at a third of its
        // later rate (Node.js 20, SQLite), which moved S1's ratio. Each path gets load before anything is timed.
        for (const spec of [c2, ...specs]) await warmUp(spec, connections, FIRST_WARM_UP_SECONDS);
        c1 = await startC1(database.url, { path: node.path, env: node.env });
        const c1Spec: LoadSpec = {
          key: "C1",
          scenario: "bare node:http + driver, S1's body",
          url: `${c1.base}/public/${uuid}`,
          expectedStatus: 200,
        };
        if ((await probe(c1Spec)) !== s1Body) throw new Error("C1's body differs from S1's");
        const rows: BenchRow[] = [await load(c1Spec, connections, duration)];
        c1.stop();
        c1 = undefined;
        let before = await load(c2, connections, duration);
        rows.push(before);
        for (const spec of specs) {
          const row = await load(spec, connections, duration);
          const after = await load(c2, connections, duration);
          rows.push({ ...row, around: { before: before.requestsPerSecond, after: after.requestsPerSecond } }, after);
          before = after;
        }
        const after = await settledTreeRss(pid, SETTLE_MS);
        const memoryAfter = await memoryReport(pid, memoryFile);
        const peakMb = serverPeakMb(pid);
        console.log(
          `[${provider}]   RSS after the load ${after.totalMb.toFixed(0)} MB (${after.parts}), peak ${peakMb?.toFixed(0)} MB`,
        );
        await stack.stop();
        stack = undefined;
        turns.push({
          label: node.label,
          version: node.version,
          round,
          rows,
          idle,
          after,
          peakMb,
          memoryIdle,
          memoryAfter,
        });
      }
    }
    if (turns.every((t) => t.rows.every((r) => !r.unexpected))) ok = true;
    return {
      provider,
      duration,
      connections,
      companies,
      nodes: nodes.map((n) => ({
        given: n.given,
        label: n.label,
        version: n.version,
        abi: n.abi,
        overlay: !!n.env.BENCH_BETTER_SQLITE3_NODE,
      })),
      turns,
    };
  } catch (error) {
    console.error(`[${provider}] failed; the server's output is in ${logFile}`);
    throw error;
  } finally {
    await endRun({ c1, stack, smtp }, database);
    fs.rmSync(memoryFile, { force: true });
    if (ok) fs.rmSync(logFile, { force: true });
  }
}

// ---- BENCHMARKS.md, section "nodes" ----

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const mb = (bytes: number) => bytes / 2 ** 20;
const major = (version: string) => version.replace(/^v/, "").split(".")[0];

/** A row's ratio to C2: S rows to the mean of C2 just before and after, C1 to the mean of the turn's C2 runs. */
function ratioToC2(turn: NodeTurn, row: BenchRow): number {
  if (row.key === "C2") return 1;
  if (row.around) return row.requestsPerSecond / ((row.around.before + row.around.after) / 2);
  return row.requestsPerSecond / mean(turn.rows.filter((r) => r.key === "C2").map((r) => r.requestsPerSecond));
}

/** "mean (each turn)" of a figure over the turns of one binary. */
function cell(values: number[], digits: number): string {
  return values.length > 1
    ? `${fmt(mean(values), digits)} (${values.map((v) => fmt(v, digits)).join(", ")})`
    : fmt(values[0], digits);
}

const SCENARIOS: [string, string][] = [
  ["C2", "GET /v3/company without a token (401)"],
  ["C1", "bare node:http + driver, S1's body"],
  ["S1", "GET /v3/subscription_list/public/{uuid}"],
  ["S2", "POST /v3/subscription_list/public/{uuid}"],
  ["S3", "POST /v3/access/user/basic"],
  ["S4", "GET /v3/company/{company_id}/fk"],
];

function table(header: string[], align: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (align[i] === "r" ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(" | ")} |`;
  const rule = `| ${widths.map((w, i) => (align[i] === "r" ? `${"-".repeat(w - 1)}:` : "-".repeat(w))).join(" | ")} |`;
  return [line(header), rule, ...rows.map(line)];
}

function databaseBlock(data: NodeComparison): string[] {
  const versions = data.nodes.map((n) => n.label);
  const turnsOf = (label: string) => data.turns.filter((t) => t.label === label);
  const rowsOf = (version: string, key: string) =>
    turnsOf(version).flatMap((t) => t.rows.filter((r) => r.key === key).map((r) => ({ turn: t, row: r })));
  const header = ["scenario", ...versions.flatMap((v) => [`${v} req/s`, "/ C2"])];
  const [first, last] = [versions[0], versions.at(-1)!];
  header.push(`${last} vs ${first}`.length > 24 ? "last vs first" : `${major(last)} vs ${major(first)}`);
  const lines: string[][] = [];
  for (const [key, scenario] of SCENARIOS) {
    const cells = [`${key} ${scenario}`];
    const rates: number[] = [];
    for (const v of versions) {
      // C2: every run of the turn (before and after each S) in the turn's mean.
      const perTurn = turnsOf(v).map((t) => mean(t.rows.filter((r) => r.key === key).map((r) => r.requestsPerSecond)));
      const ratios = turnsOf(v).map((t) => mean(t.rows.filter((r) => r.key === key).map((r) => ratioToC2(t, r))));
      const bad = rowsOf(v, key).some(({ row }) => row.unexpected);
      cells.push(`${cell(perTurn, 1)}${bad ? " **!! unexpected statuses**" : ""}`, cell(ratios, 2));
      rates.push(mean(perTurn));
    }
    cells.push(`${fmt((rates.at(-1)! / rates[0] - 1) * 100, 0)} %`);
    lines.push(cells);
  }
  const memory: [string, (t: NodeTurn) => number | null][] = [
    ["tree RSS idle, MB", (t) => t.idle.totalMb],
    ["tree RSS after the load, MB", (t) => t.after.totalMb],
    ["server peak (VmHWM), MB", (t) => t.peakMb],
  ];
  for (const [what, of] of memory) {
    const cells = [what];
    const values: number[] = [];
    for (const v of versions) {
      const each = turnsOf(v).map((t) => of(t) ?? NaN);
      cells.push(cell(each, 0), "");
      values.push(mean(each));
    }
    cells.push(`${fmt(values.at(-1)! - values[0], 0)} MB`);
    lines.push(cells);
  }
  const align = ["l", ...versions.flatMap(() => ["r", "r"]), "r"];
  return [
    `### ${data.provider === "postgres" ? "PostgreSQL (127.0.0.1)" : "SQLite (file, WAL)"}`,
    "",
    ...table(header, align, lines),
    "",
    ...breakdown(data),
  ];
}

/** Where the server's memory was after the load, each binary's mean over its turns (the preload's report). */
function breakdown(data: NodeComparison): string[] {
  const versions = data.nodes.map((n) => n.label);
  const reports = (v: string) =>
    data.turns.filter((t) => t.label === v && t.memoryAfter).map((t) => t.memoryAfter!) as MemoryReport[];
  if (versions.some((v) => reports(v).length === 0)) return [];
  const figure = (of: (r: MemoryReport) => number | undefined) =>
    versions.map((v) => {
      const values = reports(v).map((r) => of(r) ?? 0);
      return mean(values);
    });
  const rows: string[][] = [];
  const add = (what: string, values: number[]) => {
    if (values.every((v) => v === 0)) return;
    rows.push([what, ...values.map((v) => fmt(v, 1)), fmt(values.at(-1)! - values[0], 1)]);
  };
  const totals: [string, (r: MemoryReport) => number][] = [
    ["rss (process.memoryUsage)", (r) => r.memoryUsage.rss],
    ["heapTotal", (r) => r.memoryUsage.heapTotal],
    ["heapUsed", (r) => r.memoryUsage.heapUsed],
    ["external", (r) => r.memoryUsage.external],
    ["arrayBuffers", (r) => r.memoryUsage.arrayBuffers],
    ["V8 total_physical_size", (r) => r.heap.total_physical_size],
    ["V8 malloced_memory", (r) => r.heap.malloced_memory],
    ["V8 peak_malloced_memory", (r) => r.heap.peak_malloced_memory],
  ];
  for (const [what, bytes] of totals)
    add(
      what,
      figure((r) => mb(bytes(r))),
    );
  const spaceNames = [
    ...new Set(versions.flatMap((v) => reports(v).flatMap((r) => r.spaces.map((s) => s.space_name)))),
  ];
  for (const name of spaceNames) {
    const space = (r: MemoryReport) => r.spaces.find((s) => s.space_name === name);
    add(
      `${name}: size`,
      figure((r) => mb(space(r)?.space_size ?? 0)),
    );
    add(
      `${name}: used`,
      figure((r) => mb(space(r)?.space_used_size ?? 0)),
    );
  }
  const kinds = [...new Set(versions.flatMap((v) => reports(v).flatMap((r) => Object.keys(r.smapsKb))))].sort();
  for (const kind of kinds)
    add(
      `smaps Rss: ${kind}`,
      figure((r) => (r.smapsKb[kind] ?? 0) / 1024),
    );
  return [
    `The server after the load, in MB (mean of each binary's turns; process.memoryUsage(), v8.getHeapStatistics() and`,
    `v8.getHeapSpaceStatistics() in the server, its /proc/self/smaps by kind of mapping):`,
    "",
    ...table(["figure", ...versions, "difference"], ["l", ...versions.map(() => "r"), "r"], rows),
    "",
  ];
}

/** The section "nodes" of BENCHMARKS.md from one run's databases. */
export function renderNodesSection(
  results: NodeComparison[],
  about: { command: string; commit: string; started: string },
): string {
  const first = results[0];
  const majors = [...new Set(first.nodes.map((n) => major(n.version)))];
  const title =
    majors.length > 1 ? `Node.js ${majors.slice(0, -1).join(", ")} and ${majors.at(-1)}` : `Node.js ${majors[0]}`;
  const times = first.turns.length / first.nodes.length;
  return [
    "",
    `## ${title}`,
    "",
    `- Commit ${about.commit}, run started ${about.started}; command: \`${about.command}\``,
    `- Binaries: ${first.nodes.map((n) => `\`${n.given}\` ${n.version} (ABI ${n.abi}${n.overlay ? ", better-sqlite3 compiled for it under data/bench-node/" : ""})`).join("; ")}`,
    `- Each binary ${times === 1 ? "once" : `${times} times`} per database, in turns (${first.turns.map((t) => t.label).join(", ")}), each turn a fresh server on its binary with the flags and environment of \`npm start\` (--max-old-space-size=384 --max-semi-space-size=4, MALLOC_ARENA_MAX=2; scripts/lib/bench-serve.mjs: the simulator in the same process, no npm process above it), ${first.companies} companies, ${first.connections} connections, ${first.duration} s per run after a ${warmUpSeconds(first.duration)} s warm-up; C1 on the same binary`,
    "- Before the first measured run of a turn, 5 s of unmeasured load on C2 and on each of S1-S4. req/s: the mean of the binary's turns (each turn in brackets); / C2: S1-S4 each over the mean of C2 run just before and just after it, C1 over the mean of the turn's C2 runs, C2 the mean of its five runs in each turn",
    "- Tree RSS: the server process (the only process of the tree here), once it held still, idle after the start and after the load",
    "- Where the difference in memory is and what it is: docs/performance.md, Node.js 20 and 24",
    "",
    ...results.flatMap(databaseBlock),
    "",
  ].join("\n");
}
