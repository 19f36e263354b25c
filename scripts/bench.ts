// npm run bench: the performance measurements in one run per database, against the production server as `npm start`
// runs it, each scenario next to baselines measured in the same run. Not part of the test suite. Writes BENCHMARKS.md.
//
//   npm run bench -- [--db sqlite|postgres|both] [--duration 10] [--companies 20000] [--members 100000] [--connections 16] [--build] [--out FILE]
//   npm run bench -- --nodes /usr/bin/node,node_modules/.bin/node [--rounds 2] [--db ...] [--duration 6] [--companies 20000] [--connections 16]
//
// With --nodes: instead of the sections above, the server on each named Node.js binary in turns, C2, C1 and S1-S4 and
// the memory, into the section "nodes" (scripts/lib/bench-nodes.ts); the other sections stay as they are.
//
// Baselines: C1, a bare node:http server with the driver serving S1's body byte for byte (scripts/lib/bench-c1.mjs),
// and C2, GET /v3/company without a token (401 from the route wrapper, the framework's ceiling). Scenarios S1-S5,
// the register (GET /v3/company/fk at N companies against raw query + JSON in-process) and the member list and search
// (--members 0 skips them), and a sendout to every generated member against a bare nodemailer loop into the same SMTP
// server (scripts/lib/bench-sendout.ts), an import (scripts/bench-import.ts), and activities: attendance for 500
// activities x 40 occasions x 20 participants and the LOK-stöd report over them (scripts/bench-activities.ts).
// Memory: the RSS of the whole process tree `npm start` leaves running, idle and after the load. Every response's status is checked: a row with unexpected statuses is marked and the run exits 1.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { applyMigrations } from "../lib/migrate-deploy";
import { endRun, makeFixtures, prepareRun, RUN_SETTINGS, seedRegister, subscribeBody } from "./lib/bench-fixtures";
import { basic, bearer, load, probe, timeLoop, type BenchRow, type LoadSpec, type Timed } from "./lib/bench-load";
import { measureRegisterBaseline } from "./lib/bench-register";
import { mergeSection, renderSection, type SectionData } from "./lib/bench-report";
import {
  bareNodemailerRate,
  measureSendout,
  plainNewsletter,
  prepareSendout,
  sameAsSendout,
  SMTP_POOL_SIZE,
  startCountingSmtp,
  type CountingSmtp,
} from "./lib/bench-sendout";
import { renderSampleInChild, sampleInput } from "./lib/sendout-sample";
import { serverNodeVersion, serverPeakMb, settledTreeRss, startC1, startStack, type Stack } from "./lib/bench-stack";
import { measureWebhooks, WEBHOOK_SETTINGS } from "./lib/bench-webhooks";
import { prepareDashboard, signInToDashboard, timeDashboardRoutes } from "./lib/bench-dashboard";
import { ensureBuild } from "./lib/prepare.mjs";
import { benchActivities } from "./bench-activities";
import { benchImport } from "./bench-import";
import { runScript } from "./lib/run-script";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    /** Default 10; 6 with --nodes (each turn starts a server, warms it up and waits for its memory to settle). */
    duration: { type: "string" },
    companies: { type: "string", default: "20000" },
    members: { type: "string", default: "100000" },
    connections: { type: "string", default: "16" },
    build: { type: "boolean", default: false },
    out: { type: "string", default: "BENCHMARKS.md" },
    nodes: { type: "string" },
    rounds: { type: "string", default: "2" },
    /** Internal: a --db child of a --nodes run writes its results here for the parent to render. */
    "nodes-json": { type: "string" },
  },
});
const duration = Number(args.duration ?? (args.nodes ? 6 : 10));
const connections = Number(args.connections);
const companies = Number(args.companies);
const memberCount = Number(args.members);
const SETTLE_MS = 5000;
/** The scenarios with a target as a ratio to C2: each measured between two runs of C2 at N connections. */
const BRACKETED = new Set(["S1", "S2", "S3", "S4", "S5", "M1", "M2", "M3"]);
/** Messages of the bare nodemailer loop: enough for a steady rate, fewer than a 100,000-recipient sendout. */
const BARE_MESSAGES = 20_000;
const command =
  process.env.BENCH_COMMAND ??
  ["npm run bench", ...(process.argv.length > 2 ? ["--", ...process.argv.slice(2)] : [])].join(" ");

/** One database: data, baselines in-process, the server, every scenario at 1 and N connections, the section. */
async function runDatabase(provider: "sqlite" | "postgres"): Promise<{ section: string; unexpected: number }> {
  if (companies < 20) throw new Error("--companies must be at least 20 (the register has 20 top-level companies)");
  const { database, secrets, logFile } = await prepareRun(provider, "bench");
  let stack: Stack | undefined;
  let logDone = false;
  let c1: Awaited<ReturnType<typeof startC1>> | undefined;
  let smtp: CountingSmtp | undefined;
  const { disconnectDb, prepareDatabase } = await import("../lib/db");
  try {
    applyMigrations(database.url);
    await prepareDatabase();
    console.log(`[${provider}] seeding ${companies} companies and the fixtures ...`);
    const rootIds = await seedRegister(companies);
    const fixtures = await makeFixtures(rootIds[1]);

    let members: SectionData["members"] = null;
    let memberSetup: { key: { client_id: string; client_secret: string } } | undefined;
    let memberRequests: Record<string, { key: string; path: string; body: unknown }> = {};
    if (memberCount > 0) {
      const m = await import("./lib/bench-members");
      console.log(`[${provider}] generating ${memberCount} members ...`);
      const setup = await m.prepareMembers(rootIds[0], memberCount);
      memberSetup = setup;
      memberRequests = m.memberRequests(await m.clubsOf(rootIds[0]), memberCount);
      const inProcess: Record<string, Timed> = {};
      for (const [name, request] of Object.entries(memberRequests)) {
        console.log(`[${provider}] in-process: ${name} ...`);
        inProcess[name] = await timeLoop(duration, await m.inProcess(setup.key.id, request.path, request.body));
      }
      members = { count: memberCount, seconds: setup.seconds, inProcess };
    }
    const sendoutSetup = memberSetup ? await prepareSendout(rootIds[0]) : undefined;
    // The message the bare loop sends: the sendout's own to its first recipient (rendered in a child process, without
    // this process's react-server condition).
    const sendoutSample = sendoutSetup
      ? renderSampleInChild(await sampleInput(rootIds[0], sendoutSetup.listId))
      : undefined;
    console.log(`[${provider}] a dashboard user and the audit log ...`);
    const dashboardUser = await prepareDashboard(provider);
    console.log(`[${provider}] in-process register baselines ...`);
    const register = await measureRegisterBaseline(database.url, duration);
    // The server applies migrations at start, which waits for every other SQLite connection to let go.
    await disconnectDb();

    console.log(`[${provider}] npm start (log: ${logFile}) ...`);
    // The sendout goes to a local SMTP server, unthrottled (SMTP_MAX_PER_SECOND=0), like the bare loop it is compared with.
    smtp = await startCountingSmtp();
    stack = await startStack({
      databaseUrl: database.url,
      secrets,
      settings: { ...RUN_SETTINGS, ...WEBHOOK_SETTINGS, SMTP_URL: smtp.url, SMTP_MAX_PER_SECOND: "0" },
      logFile,
    });
    const base = stack.base;
    const idle = await settledTreeRss(stack.root.pid!, SETTLE_MS);
    console.log(
      `[${provider}] tree RSS idle: ${idle.totalMb.toFixed(0)} MB (${idle.parts}; ${idle.firstMb.toFixed(0)} MB at the first sample)`,
    );

    const auth = await bearer(base, fixtures.key);
    const uuid = fixtures.listUuid;
    const specs: LoadSpec[] = [
      {
        key: "C2",
        scenario: "GET /v3/company without a token (401 from the route wrapper)",
        url: `${base}/v3/company`,
        expectedStatus: 401,
      },
      { key: "C1", scenario: "bare node:http + driver, S1's body", url: "", expectedStatus: 200 },
      {
        key: "S1",
        scenario: "GET /v3/subscription_list/public/{uuid}",
        url: `${base}/v3/subscription_list/public/${uuid}`,
        expectedStatus: 200,
      },
      {
        key: "S2",
        scenario: "POST /v3/subscription_list/public/{uuid} (a new email each)",
        url: `${base}/v3/subscription_list/public/${uuid}`,
        method: "POST",
        body: subscribeBody(fixtures.questionIds),
        expectedStatus: 201,
      },
      {
        key: "S3",
        scenario: "POST /v3/access/user/basic",
        url: `${base}/v3/access/user/basic`,
        method: "POST",
        headers: basic(fixtures.key),
        expectedStatus: 200,
      },
      {
        key: "S4",
        scenario: "GET /v3/company/{company_id}/fk (bearer)",
        url: `${base}/v3/company/${fixtures.companyId}/fk`,
        headers: auth,
        expectedStatus: 200,
      },
      {
        key: "S5",
        scenario: "GET /subscribe/{uuid} (hosted page, sv)",
        url: `${base}/subscribe/${uuid}`,
        headers: { "accept-language": "sv" },
        expectedStatus: 200,
      },
      {
        key: "register",
        scenario: `GET /v3/company/fk (${register.rows} companies)`,
        url: `${base}/v3/company/fk`,
        headers: auth,
        expectedStatus: 200,
      },
    ];
    if (memberSetup) {
      const memberAuth = { ...(await bearer(base, memberSetup.key)) };
      for (const [name, request] of Object.entries(memberRequests)) {
        specs.push({
          key: request.key,
          scenario: name,
          url: `${base}${request.path}`,
          method: "POST",
          headers: memberAuth,
          body: JSON.stringify(request.body),
          expectedStatus: 200,
        });
      }
      const { DASHBOARD_MEMBERS, dashboardCookie } = await import("./lib/bench-members");
      specs.push({
        key: "M4",
        scenario: DASHBOARD_MEMBERS,
        url: `${base}/admin/api/members`,
        headers: { cookie: await dashboardCookie(secrets.NEXTAUTH_SECRET) },
        expectedStatus: 200,
      });
    }

    // Every scenario answers as expected once before anything is timed; C1 must answer S1's body byte for byte.
    const s1Body = await probe(specs[2]);
    c1 = await startC1(database.url);
    specs[1].url = `${c1.base}/public/${uuid}`;
    const c1Body = await probe(specs[1]);
    if (c1Body !== s1Body) throw new Error(`C1's body differs from S1's:\n  S1: ${s1Body}\n  C1: ${c1Body}`);
    const registerBody = await probe(specs[7]);
    if (JSON.stringify(JSON.parse(registerBody)) !== register.expectedBody)
      throw new Error("GET /v3/company/fk does not answer the baseline's rows (scripts/lib/bench-register.ts)");
    for (const spec of specs) if (spec.key !== "C1" && spec.key !== "S1" && spec.key !== "register") await probe(spec);
    console.log(`[${provider}] probes passed (C1 body identical to S1's, ${s1Body.length} bytes)`);

    const rows: BenchRow[] = [];
    const c2 = specs[0];
    for (const spec of specs) {
      rows.push(await load(spec, 1, duration));
      if (!BRACKETED.has(spec.key!)) rows.push(await load(spec, connections, duration));
      else {
        // A targeted ratio: C2 just before and just after, at the same connection count (BenchRow.around).
        const before = await load(c2, connections, duration);
        const row = await load(spec, connections, duration);
        const after = await load(c2, connections, duration);
        const aroundUnexpected = before.unexpected + after.unexpected;
        const statuses = aroundUnexpected
          ? `${row.statuses}; C2 around it: ${before.statuses} / ${after.statuses}`
          : row.statuses;
        rows.push({
          ...row,
          unexpected: row.unexpected + aroundUnexpected,
          statuses,
          around: { before: before.requestsPerSecond, after: after.requestsPerSecond },
        });
      }
      if (spec.key === "C1") c1.stop();
    }
    console.log(`[${provider}] dashboard data routes, one request at a time ...`);
    const dashboardCookie = await signInToDashboard(base, dashboardUser.email, dashboardUser.password);
    const dashboard = await timeDashboardRoutes(
      base,
      dashboardCookie,
      [
        ...(sendoutSetup
          ? [
              `/lists/${sendoutSetup.listId}/subscribers?page=1&limit=50`,
              `/lists/${sendoutSetup.listId}/subscribers?page=500&limit=50`,
            ]
          : []),
        "/companies",
        "/audit?page=1&limit=50",
        "/audit?page=2000&limit=50",
      ],
      duration,
    );
    // After every scenario above: from here on, subscribes also make webhook events.
    console.log(`[${provider}] S2 while the webhook worker delivers 10,000 events ...`);
    const webhooks = await measureWebhooks(
      specs.find((spec) => spec.key === "S2")!,
      fixtures.companyId,
      connections,
      duration,
    );
    const after = await settledTreeRss(stack.root.pid!, SETTLE_MS);
    let sendout: SectionData["sendout"] = null;
    if (sendoutSetup && sendoutSample) {
      const bareCount = Math.min(sendoutSetup.subscribed, BARE_MESSAGES);
      console.log(
        `[${provider}] bare nodemailer loops: ${bareCount} messages each, the sendout's message and the old plain one ...`,
      );
      const bare = await bareNodemailerRate(smtp.url, bareCount, SMTP_POOL_SIZE, sameAsSendout(sendoutSample));
      const barePlain = await bareNodemailerRate(smtp.url, bareCount, SMTP_POOL_SIZE, plainNewsletter);
      console.log(`[${provider}] sendout to ${sendoutSetup.subscribed} subscribers ...`);
      const figures = await measureSendout(
        base,
        await bearer(base, sendoutSetup.key),
        rootIds[0],
        sendoutSetup.listId,
        smtp,
        stack.root.pid!,
        500,
      );
      // Once more after the sendout: this machine's speed drifts by a third within minutes, and the sendout is weighed
      // against the mean of the two (both are reported).
      console.log(`[${provider}] the bare loop with the sendout's message again ...`);
      const bareAfter = await bareNodemailerRate(smtp.url, bareCount, SMTP_POOL_SIZE, sameAsSendout(sendoutSample));
      sendout = { ...figures, bare, bareAfter, barePlain, bareCount };
    }
    await benchImport({ base, companyId: rootIds[0], rootPid: stack.root.pid!, provider, out: args.out! });
    await benchActivities({
      base,
      companyId: rootIds[0],
      rootPid: stack.root.pid!,
      provider,
      out: args.out!,
      connections,
    });
    const serverPeak = serverPeakMb(stack.root.pid!);
    const serverNode = serverNodeVersion(stack.root.pid!);
    console.log(
      `[${provider}] tree RSS after the load: ${after.totalMb.toFixed(0)} MB (${after.parts}); server peak ${serverPeak?.toFixed(0)} MB`,
    );

    const section = renderSection({
      provider,
      command,
      duration,
      connections,
      companies,
      rows,
      register: { ...register, bytes: Buffer.byteLength(registerBody) },
      memory: { idle, after, serverPeakMb: serverPeak },
      serverNode,
      members,
      sendout,
      webhooks,
      dashboard: { timings: dashboard, auditRows: dashboardUser.auditRows },
    });
    const unexpected = rows.reduce((sum, r) => sum + r.unexpected, 0);
    if (!unexpected) logDone = true;
    return { section, unexpected };
  } catch (error) {
    console.error(`[${provider}] failed; the server's output is in ${logFile}`);
    throw error;
  } finally {
    await endRun({ c1, stack, smtp }, database);
    if (logDone) fs.rmSync(logFile, { force: true });
  }
}

function commitOf(): string {
  const git = (...a: string[]) => spawnSync("git", a, { encoding: "utf8" }).stdout.trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no") !== "";
  return `${git("rev-parse", "--short=12", "HEAD")}${dirty ? " (with uncommitted changes)" : ""}`;
}

/** --nodes: each database in a process of its own (as below), then one section from both. */
async function compareNodes(): Promise<number> {
  const { prepareNodes, renderNodesSection, runNodeComparison } = await import("./lib/bench-nodes");
  type Comparison = Awaited<ReturnType<typeof runNodeComparison>>;
  const nodes = prepareNodes(args.nodes!);
  const rounds = Number(args.rounds);
  if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error("--rounds must be a whole number, 1 or more");
  const dbs = args.db === "both" ? ["sqlite", "postgres"] : [args.db!];
  if (dbs.some((db) => db !== "sqlite" && db !== "postgres"))
    throw new Error(`--db must be sqlite, postgres or both, not ${args.db}`);
  if (args["nodes-json"]) {
    const result = await runNodeComparison(args.db as "sqlite" | "postgres", {
      nodes,
      rounds,
      duration,
      connections,
      companies,
    });
    fs.writeFileSync(args["nodes-json"], JSON.stringify(result));
    return 0;
  }
  const started = new Date().toISOString();
  const commit = commitOf();
  const results: Comparison[] = [];
  let code = 0;
  for (const db of dbs) {
    const file = path.resolve("data", "bench", `nodes-${db}-${Date.now()}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const rest = process.argv
      .slice(2)
      .filter((a, i, all) => a !== "--build" && a !== "--db" && all[i - 1] !== "--db" && !a.startsWith("--db="));
    const child = spawnSync(
      path.resolve("node_modules/.bin/tsx"),
      ["--conditions=react-server", "scripts/bench.ts", ...rest, "--db", db, "--nodes-json", file],
      { stdio: "inherit", env: { ...process.env, BENCH_COMMAND: command } },
    );
    if (child.status === 0 && fs.existsSync(file))
      results.push(JSON.parse(fs.readFileSync(file, "utf8")) as Comparison);
    else code = child.status || 1;
  }
  if (results.length === 0) return code || 1;
  const section = renderNodesSection(results, { command, commit, started });
  const existing = fs.existsSync(args.out!) ? fs.readFileSync(args.out!, "utf8") : "";
  fs.writeFileSync(args.out!, mergeSection(existing, "nodes", section));
  console.log(`\n${section}\nwritten to ${args.out} (section "nodes")`);
  const unexpected = results.some((r) => r.turns.some((t) => t.rows.some((row) => row.unexpected)));
  if (unexpected) console.error("!! some responses had an unexpected status; the marked rows are not results");
  return code || (unexpected ? 1 : 0);
}

async function main(): Promise<number> {
  // autocannon samples once a second: a 1 s run often ends before its first sample and reports nothing.
  if (!(duration >= 2)) throw new Error("--duration must be at least 2 seconds");
  if (!args["nodes-json"]) ensureBuild({ force: args.build });
  if (args.nodes) return compareNodes();
  if (args.db === "both") {
    // One process per database: lib/env.ts and the Prisma client are configured once per process.
    const rest = process.argv
      .slice(2)
      .filter((a, i, all) => a !== "--build" && a !== "--db" && all[i - 1] !== "--db" && !a.startsWith("--db="));
    let code = 0;
    for (const db of ["sqlite", "postgres"]) {
      const child = spawnSync(
        path.resolve("node_modules/.bin/tsx"),
        ["--conditions=react-server", "scripts/bench.ts", ...rest, "--db", db],
        {
          stdio: "inherit",
          env: { ...process.env, BENCH_COMMAND: command },
        },
      );
      code ||= child.status ?? 1;
    }
    return code;
  }
  if (args.db !== "sqlite" && args.db !== "postgres")
    throw new Error(`--db must be sqlite, postgres or both, not ${args.db}`);
  const { section, unexpected } = await runDatabase(args.db);
  const existing = fs.existsSync(args.out!) ? fs.readFileSync(args.out!, "utf8") : "";
  fs.writeFileSync(args.out!, mergeSection(existing, args.db, section, [`${args.db}-members`]));
  console.log(`\n${section}\nwritten to ${args.out} (section "${args.db}")`);
  if (unexpected) console.error(`!! ${unexpected} responses had an unexpected status; the marked rows are not results`);
  return unexpected ? 1 : 0;
}

runScript(main);
