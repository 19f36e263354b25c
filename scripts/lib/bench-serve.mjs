// The server of `npm run bench -- --nodes ...`, on whichever Node.js runs this file: what scripts/start.mjs does after
// its checks, in one process as there (the leisure-card simulator unless LEISURE_CARD_API_URL is set, the embedded
// mail catcher unless SMTP_URL is set, then dist/server.mjs, which starts itself on import). start.mjs refuses a
// Node.js older than 24 and may install or build; this runs the existing build only. scripts/lib/bench-nodes.ts starts
// it with the command-line flags and environment of package.json's start script (scripts/lib/server-command.mjs).
import { MAIL_CATCHER_SCRIPT, SERVER_SCRIPT, SIMULATOR_SCRIPT } from "./server-command.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
if (!process.env.LEISURE_CARD_API_URL) {
  const port = Number(process.env.LEISURE_CARD_SIMULATOR_PORT || "4010");
  process.env.LEISURE_CARD_API_URL = `http://127.0.0.1:${port}`;
  const { startLeisureCardSimulator } = await import(`../../${SIMULATOR_SCRIPT}`);
  const simulator = await startLeisureCardSimulator({ port });
  console.log(`leisure-card simulator listening on ${simulator.url}`);
}
const { startEmbeddedMailCatcher } = await import(`../../${MAIL_CATCHER_SCRIPT}`);
await startEmbeddedMailCatcher();
await import(`../../${SERVER_SCRIPT}`);
