#!/usr/bin/env node
// npm start: installs what a fresh clone lacks, builds, then runs the compiled server (dist/server.mjs) on the
// embedded default (SQLite under ./data, demo data seeded on first start with the admin login and API credentials
// printed). Unless LEISURE_CARD_API_URL points at a real leisure-card service, the bundled simulator runs beside it on
// port 4010 (LEISURE_CARD_SIMULATOR_PORT). Unless SMTP_URL names a real mail server, the embedded mail catcher runs
// beside it on 127.0.0.1:2525 (MAIL_CATCHER_PORT) and keeps what the service sends for the dashboard's Outbox.
//
// One process: the server and the simulator run in this process, not in children of it. Every node process costs
// about 45 MB resident before it does anything (the node binary's pages, V8's heap reservations), and `npm start`'s
// tree must stay within its memory budget (docs/operating.md, Operations). The heap bound and the other memory settings
// (scripts/lib/server-command.mjs) therefore come from the command line and environment that start this process
// (package.json's start script); a running process cannot change them, so this script refuses to run without them.
//
// SIGTERM / SIGINT: the server stops gracefully (it finishes its in-flight requests, lib/bootstrap/graceful-shutdown.ts)
// and then exits the process; the simulator, which those requests may still be calling, keeps answering until then.
import { ensureBuild, ensureDependencies, requireNodeMajor } from "./lib/prepare.mjs";
import { MAIL_CATCHER_SCRIPT, MEMORY_ENV, SERVER_SCRIPT, SIMULATOR_SCRIPT, nodeFlags } from "./lib/server-command.mjs";

requireNodeMajor("npm start");
const flags = nodeFlags(process.env);
const missing = [
  ...flags.filter((flag) => !process.execArgv.includes(flag)),
  ...Object.keys(MEMORY_ENV).filter((name) => !process.env[name]),
];
if (missing.length > 0) {
  const env = Object.entries(MEMORY_ENV)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  console.error(
    `scripts/start.mjs runs with ${missing.join(", ")} (MAX_HEAP_MB sets the heap): use npm start, or ${env} node ${flags.join(" ")} scripts/start.mjs`,
  );
  process.exit(1);
}
// The build's own processes (next build, esbuild) are started by ensureBuild and end before the server starts.
ensureDependencies();
ensureBuild();

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
if (!process.env.LEISURE_CARD_API_URL) {
  const port = Number(process.env.LEISURE_CARD_SIMULATOR_PORT || "4010");
  process.env.LEISURE_CARD_API_URL = `http://127.0.0.1:${port}`;
  const { startLeisureCardSimulator } = await import(`../${SIMULATOR_SCRIPT}`);
  try {
    const simulator = await startLeisureCardSimulator({ port });
    console.log(`leisure-card simulator listening on ${simulator.url}`);
  } catch (error) {
    // The service runs without it; only the leisure-card status checks fail (they answer 503).
    console.error(
      `leisure-card simulator did not start (${error.code ?? error.message}); leisure-card status checks will fail`,
    );
  }
}
// Before the server, so the first mail it sends finds the catcher; it says where mail goes, and goes on without it.
const { startEmbeddedMailCatcher } = await import(`../${MAIL_CATCHER_SCRIPT}`);
await startEmbeddedMailCatcher();
// The server module starts itself on import and installs the graceful shutdown.
await import(`../${SERVER_SCRIPT}`);
