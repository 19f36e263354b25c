#!/usr/bin/env node
// npm start: installs what a fresh clone lacks, builds, then runs the server on the embedded default (SQLite under
// ./data, demo data seeded on first start with the admin login and API credentials printed). Unless
// LEISURE_CARD_API_URL points at a real leisure-card service, the bundled simulator runs beside it on port 4010.
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies } from "./lib/prepare.mjs";

ensureDependencies();
ensureBuild();
const env = { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env };
const children = [];
if (!process.env.LEISURE_CARD_API_URL) {
  const simulator = spawn("npx", ["tsx", "scripts/leisure-card-simulator.ts", "--port", "4010"], { stdio: "inherit", env });
  simulator.on("exit", (code) => code && console.error(`leisure-card simulator exited (${code}); status checks will fail`));
  children.push(simulator);
}
const server = spawn("npx", ["tsx", "--conditions=react-server", "server.ts"], { stdio: "inherit", env });
children.push(server);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => children.forEach((child) => child.kill(signal)));
server.on("exit", (code) => {
  children.forEach((child) => child.kill("SIGTERM"));
  process.exit(code ?? 0);
});
