// Playwright: API flows and pages against the built server on a fresh SQLite database (e2e/global-setup.ts),
// in Debian's Chromium headless shell (npx playwright install cannot download browsers on our machines).
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3217);

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Two files at a time: a scenario waits on its browser more than it computes, so one worker left a core idle (the
  // suite took 610 s on one worker, 380 s on two, on the same machine). Every scenario makes its own company, list,
  // users and addresses on the shared server, and the two walks of the demo start servers of their own.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // A guard against hangs, not a speed test: npm test runs Playwright beside the unit and service tiers on two cores,
  // where a scenario of many steps (forms, axe, screenshots) takes longer than alone. With the integration suites
  // beside it too, one of 33 s alone took past 180 s. Files whose scenarios take minutes say so themselves.
  timeout: 90_000,
  // Likewise for one expectation: a page the server renders in 0.3 s alone took past the default 5 s while three suites
  // shared the two cores (CI: the sendouts screen's heading after a click in the menu).
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
});
