#!/usr/bin/env node
// npm start: installs what a fresh clone lacks, builds, then runs the compiled server (dist/server.mjs, plain node)
// on the embedded default (SQLite under ./data, demo data seeded on first start with the admin login and API
// credentials printed). Unless LEISURE_CARD_API_URL points at a real leisure-card service, the bundled simulator runs
// beside it on port 4010 (LEISURE_CARD_SIMULATOR_PORT).
//
// SIGTERM / SIGINT: the server is stopped first (it finishes its in-flight requests, lib/bootstrap/graceful-shutdown.ts),
// then the simulator those requests may still be calling; this process exits when both have. The children run in
// process groups of their own, so a terminal's Ctrl-C reaches only this process and the order holds.
import { spawn } from "node:child_process";
import { ensureBuild, ensureDependencies } from "./lib/prepare.mjs";
import { serverCommand, simulatorCommand } from "./lib/server-command.mjs";

ensureDependencies();
ensureBuild();
const env = { NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...process.env };
const simulatorPort = process.env.LEISURE_CARD_SIMULATOR_PORT || "4010";
if (!process.env.LEISURE_CARD_API_URL) env.LEISURE_CARD_API_URL = `http://127.0.0.1:${simulatorPort}`;

let stopping = false;
let exitCode = 0;

/** Spawns node itself: no npx or shell in between, which would not pass signals on. */
function start(name, [command, args]) {
  const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env, detached: true });
  child.exited = new Promise((resolve) => child.once("exit", resolve));
  child.on("exit", (code, signal) => {
    if (!stopping && name === "server") stop("SIGTERM", code ?? 1);
    else if (!stopping && code) console.error(`${name} exited (${code ?? signal}); leisure-card status checks will fail`);
  });
  return child;
}

const simulator = process.env.LEISURE_CARD_API_URL ? null : start("leisure-card simulator", simulatorCommand(["--port", simulatorPort]));
const server = start("server", serverCommand(env));

async function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  await server.exited;
  if (simulator && simulator.exitCode === null && simulator.signalCode === null) simulator.kill("SIGTERM");
  await simulator?.exited;
  process.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));
