#!/usr/bin/env node
// npm test: the whole suite on a fresh clone. Installs what is missing (npm packages; Debian's chromium when run as
// root), checks that PostgreSQL is reachable (fails, never skips), type-checks, lints, builds, then runs Vitest on
// SQLite and on PostgreSQL and Playwright in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { ensureBuild, ensureDependencies, run } from "./lib/prepare.mjs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() !== 0) throw new Error(`${chromium} is missing: install Debian's chromium (apt-get install -y chromium)`);
  run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium");
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

function vitest(provider) {
  const report = `data/test/vitest-${provider}.json`;
  fs.mkdirSync("data/test", { recursive: true });
  const result = spawnSync("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
    stdio: "inherit",
    env: { ...process.env, TEST_DB: provider },
  });
  return count(report, result.status, (r) => {
    for (const file of r.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === "failed") failedNames.push(`vitest ${provider}: ${file.name} › ${test.fullName}`);
      }
      // A file that failed to load or whose hook threw has no failed assertion to name.
      if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
        failedNames.push(`vitest ${provider}: ${file.name}: ${String(file.message ?? "").split("\n")[0]}`);
      }
    }
    return { passed: r.numPassedTests, failed: r.numFailedTests };
  });
}

function playwright() {
  const report = "data/test/playwright.json";
  const result = spawnSync("npx", ["playwright", "test", "--reporter=list,json"], {
    stdio: "inherit",
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  return count(report, result.status, (r) => {
    const visit = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status === "unexpected" || test.status === "flaky") {
            failedNames.push(`playwright (${test.status}): ${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
          }
        }
      }
      for (const child of suite.suites ?? []) visit(child, [...titles, child.title].filter(Boolean));
    };
    for (const suite of r.suites ?? []) visit(suite, []);
    return { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky };
  });
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

async function main() {
  ensureDependencies();
  ensureChromium();
  await ensurePostgres();
  run("npx tsc --noEmit");
  run("npx eslint .");
  ensureBuild({ force: true });
  const ok = [vitest("sqlite"), vitest("postgres"), playwright()].every(Boolean);
  if (failedNames.length > 0) console.log(`\nfailed:\n${failedNames.map((name) => `  ${name}`).join("\n")}`);
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(`\n${error.message}`);
  console.log("tests: 0 passed, 1 failed");
  process.exit(1);
});
