#!/usr/bin/env node
// npm start: installs what a fresh clone lacks, builds, then runs the compiled server (dist/server.mjs, plain node)
// on the embedded default (SQLite under ./data, demo data seeded on first start with the admin login and API
// credentials printed). Unless LEISURE_CARD_API_URL points at a real leisure-card service, the bundled simulator runs
// beside it on port 4010 (LEISURE_CARD_SIMULATOR_PORT). SIGTERM / SIGINT are passed on to both; this process exits when they have stopped (the
// server first finishes its in-flight requests, lib/bootstrap/graceful-shutdown.ts).
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies } from "./lib/prepare.mjs";
import { serverCommand, simulatorCommand } from "./lib/server-command.mjs";

ensureDependencies();
ensureBuild();
const env = { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env };
const simulatorPort = process.env.LEISURE_CARD_SIMULATOR_PORT || "4010";
if (!process.env.LEISURE_CARD_API_URL) env.LEISURE_CARD_API_URL = `http://127.0.0.1:${simulatorPort}`;
const children = new Set();

/** Spawns node itself (no npx or shell in between, which would not pass signals on). */
function start(name, [command, args]) {
  const child = spawn(command, args, { stdio: "inherit", env });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping && name === "server") stopAll("SIGTERM", code ?? 1);
    else if (!stopping && code) console.error(`${name} exited (${code ?? signal}); leisure-card status checks will fail`);
    if (children.size === 0) process.exit(exitCode);
  });
  return child;
}

let stopping = false;
let exitCode = 0;
function stopAll(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) child.kill(signal);
  if (children.size === 0) process.exit(exitCode);
}

if (!process.env.LEISURE_CARD_API_URL) start("leisure-card simulator", simulatorCommand(["--port", simulatorPort]));
start("server", serverCommand(env));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(signal));
