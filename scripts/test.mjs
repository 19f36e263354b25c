#!/usr/bin/env node
// npm test: the whole suite on a fresh clone. Installs what is missing (npm packages; Debian's chromium when run as
// root), checks that PostgreSQL is reachable (fails, never skips), then runs the checks and the three test tiers
// (docs/developing.md, Tests) in two lanes side by side:
//   heavy: build -> Playwright (two workers) -> Vitest integration on SQLite and on PostgreSQL side by side
//   light: eslint -> (once the build is done) tsc -> prettier --check -> the API document's linters
//          (scripts/lint-openapi.ts) -> knip -> Vitest unit + service on SQLite -> service on PostgreSQL,
//          one worker each
// A browser scenario waits on its steps' deadlines, so Playwright has only the light lane beside it: with the two
// integration runs beside it too, ten processes on two cores stretched a scenario of 10 s to 96 s and one of 33 s past
// its 180 s guard. The integration runs' waits are guards against hangs, so they share the cores with each other.
// tsc waits for the build, which writes the .next/types tsc would read half-written. Each step's output is printed as
// one block when it ends, with its time. A failed step does not stop the others. Ends with the steps' times and one
// "N passed, N failed" line, after the names of the failed tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import { freePort } from "./lib/ports.mjs";
import { ensureDependencies, requireNodeMajor, run } from "./lib/prepare.mjs";
import { processTree } from "./lib/tree-rss.mjs";

// Debian's chromium-headless-shell: the browser Playwright runs headless tests in by default (its own download of it
// cannot reach our machines). It drew about a fifth less CPU than the full chromium in headless mode on the same scenarios.
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell";

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() !== 0)
    throw new Error(
      `${chromium} is missing: install Debian's chromium-headless-shell (apt-get install -y chromium-headless-shell)`,
    );
  run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell");
}

async function ensurePostgres() {
  const url = new URL(process.env.TEST_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432/postgres");
  const port = Number(url.port || 5432);
  const reachable = await new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port, timeout: 3000 });
    socket.on("connect", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => (socket.destroy(), resolve(false)));
  });
  if (!reachable) {
    throw new Error(
      `PostgreSQL is unreachable at ${url.hostname}:${port}. The suite runs on PostgreSQL too and does not skip it: ` +
        "start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_POSTGRES_URL.",
    );
  }
}

const totals = { passed: 0, failed: 0 };
/** Names of the failed tests, printed again at the very end: a CI log is often kept only as its tail. */
const failedNames = [];
/** Each step's name, time and outcome, for the summary at the end. */
const timings = [];
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)}s`;

/**
 * Until the build is done, the light lane's steps run at a lower CPU priority: the build is the one path everything
 * after waits for (Playwright starts from the build), and at one priority the processes beside it and tsc
 * stretched the two from 65 s to 215 s. Once the build is done, those steps and everything they started get the normal
 * priority back (lowered for their whole run, they starved into timeouts). Only root can give it back, so elsewhere
 * every step runs at one priority.
 */
const yielding = { on: process.getuid?.() === 0, steps: new Set() };

function yieldUntilBuilt(child) {
  if (!yielding.on) return;
  try {
    os.setPriority(child.pid, 10);
    yielding.steps.add(child);
    child.on("close", () => yielding.steps.delete(child));
  } catch {
    // the step has ended already
  }
}

function endYielding() {
  yielding.on = false;
  for (const child of yielding.steps) {
    for (const { pid } of processTree(child.pid)) {
      try {
        os.setPriority(pid, 0);
      } catch {
        // ended meanwhile
      }
    }
  }
  yielding.steps.clear();
}

/**
 * CPU seconds of this process's reaped children so far (cutime + cstime of /proc/self/stat, which include their own
 * reaped descendants), or null off Linux. Read when each step's process exits, the difference since the last read is
 * that step's CPU time with everything it started: steps run side by side, so their wall times alone do not say where
 * the two cores went.
 */
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of proc(5), counted from the state (field 3) here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let reapedCpu = childrenCpuSeconds();

/** Runs one step with its output kept, then prints the output as one block; resolves to its exit status. */
function runStep(name, command, args, env = {}, { critical = false } = {}) {
  const since = Date.now();
  console.log(`[${seconds(started)}] ${name}: started`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (!critical) yieldUntilBuilt(child);
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", (error) => (output += `${error.message}\n`));
    let cpu = "";
    child.on("exit", () => {
      const now = childrenCpuSeconds();
      if (now !== null && reapedCpu !== null) cpu = ` (cpu ${Math.round(now - reapedCpu)}s)`;
      reapedCpu = now;
    });
    child.on("close", (status) => {
      const outcome = status === 0 ? "ok" : `failed (exit ${status})`;
      console.log(
        `\n===== ${name}: ${outcome} in ${seconds(since)}${cpu} =====\n$ ${[command, ...args].join(" ")}\n${output.trimEnd()}\n`,
      );
      timings.push(`${name} ${seconds(since)}${cpu}${status === 0 ? "" : " (failed)"}`);
      resolve(status ?? 1);
    });
  });
}

/** A check without test counts (tsc, eslint, knip, the build): a failure counts as one failed test. */
async function check(name, command, args, options) {
  const status = await runStep(name, command, args, {}, options);
  if (status !== 0) {
    totals.failed += 1;
    failedNames.push(`${name}: ${[command, ...args].join(" ")} failed (its output is above)`);
  }
  return status === 0;
}

function vitest(projects, provider, { workers } = {}) {
  const label = `${projects.join("+")} ${provider}`;
  const report = `data/test/vitest-${projects.join("-")}-${provider}.json`;
  const args = [
    "vitest",
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
  const env = { TEST_DB: provider, ...(workers ? { TEST_WORKERS: String(workers) } : {}) };
  return runStep(`vitest ${label}`, "npx", args, env).then((status) =>
    count(report, status, (r) => {
      for (const file of r.testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          if (test.status === "failed") failedNames.push(`vitest ${label}: ${file.name} › ${test.fullName}`);
        }
        // A file that failed to load or whose hook threw has no failed assertion to name.
        if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
          failedNames.push(`vitest ${label}: ${file.name}: ${String(file.message ?? "").split("\n")[0]}`);
        }
      }
      return { passed: r.numPassedTests, failed: r.numFailedTests };
    }),
  );
}

async function playwright() {
  const report = "data/test/playwright.json";
  // playwright.config.ts's fixed default port may be another checkout's test server.
  const env = { PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_PORT: process.env.E2E_PORT || String(await freePort()) };
  return runStep("playwright", "npx", ["playwright", "test", "--reporter=list,json"], env).then((status) =>
    count(report, status, (r) => {
      const visit = (suite, titles) => {
        for (const spec of suite.specs ?? []) {
          for (const test of spec.tests ?? []) {
            if (test.status === "unexpected" || test.status === "flaky") {
              failedNames.push(
                `playwright (${test.status}): ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`,
              );
            }
          }
        }
        for (const child of suite.suites ?? []) visit(child, [...titles, child.title].filter(Boolean));
      };
      for (const suite of r.suites ?? []) visit(suite, []);
      return { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky };
    }),
  );
}

/** Adds a runner's counts to the totals; a run that failed without a failed test (a setup error) counts as one. */
function count(file, exitStatus, pick) {
  let { passed, failed } = { passed: 0, failed: 0 };
  if (fs.existsSync(file)) {
    ({ passed, failed } = pick(JSON.parse(fs.readFileSync(file, "utf8"))));
    fs.rmSync(file);
  }
  if (exitStatus !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  return exitStatus === 0;
}

/** The steps that need the production build: not run when it failed (the build's failure is counted once). */
async function afterBuild(build, step) {
  return (await build) ? step() : false;
}

async function main() {
  ensureDependencies();
  requireNodeMajor("npm test");
  ensureChromium();
  await ensurePostgres();
  fs.mkdirSync("data/test", { recursive: true });

  const build = check("build", "npm", ["run", "build"], { critical: true });
  void build.finally(endYielding);
  const heavy = afterBuild(build, async () => {
    await playwright();
    await Promise.all([vitest(["integration"], "sqlite"), vitest(["integration"], "postgres")]);
  });
  const oneWorker = { workers: 1 };
  const light = check("eslint", "npx", ["eslint", "."])
    .then(() => build)
    .then(() => check("tsc", "npx", ["tsc", "--noEmit"]))
    .then(() => check("prettier", "npx", ["prettier", "--check", "."]))
    .then(() => check("openapi lint", "npx", ["tsx", "scripts/lint-openapi.ts"]))
    .then(() => check("knip", "npx", ["knip"]))
    .then(() => vitest(["unit", "service"], "sqlite", oneWorker))
    .then(() => vitest(["service"], "postgres", oneWorker));
  await Promise.all([heavy, light]);

  console.log(`\nsteps (wall clock ${seconds(started)}): ${timings.join(", ")}`);
  if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((name) => `  ${name}`).join("\n")}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(`\n${error.message}`);
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
});
