#!/usr/bin/env node
// npm start: installs what a fresh clone lacks, builds, then runs the server on the embedded default (SQLite under
// ./data, demo data seeded on first start with the admin login and API credentials printed).
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies } from "./lib/prepare.mjs";

ensureDependencies();
ensureBuild();
const server = spawn("npx", ["tsx", "server.ts"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
