// The production server: applies migrations, seeds the demo on an empty database, then serves Next.js over a plain
// Node HTTP server so route handlers can see the socket address (lib/http/client-ip.ts). `npm run build` compiles it
// to dist/server.mjs (scripts/build-server.mjs), which runs on plain node; SIGTERM / SIGINT stop it gracefully.
import http from "node:http";
import next from "next";
import { SOCKET_IP_HEADER } from "./lib/http/client-ip";
import { answerAtEdge } from "./lib/http/edge";
import { createHostedPageCache } from "./lib/cache/hosted-page-cache";
import { env } from "./lib/env";
import { disconnectDb, prepareDatabase } from "./lib/db";
import { applyPendingMigrations } from "./lib/bootstrap/migrations";
import { seedDemoIfEmpty } from "./lib/bootstrap/demo-seed";
import { sanitizeStoredTerms } from "./lib/services/consent-terms";
import { printDemoCredentials } from "./lib/bootstrap/print-credentials";
import { stopGracefullyOnSignals } from "./lib/bootstrap/graceful-shutdown";
import { closeRateLimitStore } from "./lib/http/rate-limit";
import { logger } from "./lib/logger";

async function main() {
  const config = env();
  await applyPendingMigrations(config.DATABASE_URL);
  await prepareDatabase();
  await sanitizeStoredTerms();
  if (config.DEMO_SEED) {
    const credentials = await seedDemoIfEmpty();
    if (credentials) printDemoCredentials(credentials, `http://localhost:${config.PORT}`);
  }
  // port and hostname: Next forwards a server action posted to a page that does not own it to this address.
  const hostname = config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST;
  const app = next({ dev: false, dir: process.cwd(), port: config.PORT, hostname });
  const handle = app.getRequestHandler();
  await app.prepare();
  // The hosted subscribe page from rendered templates (fresh nonce per response); fills go back to this server.
  const hostedPages = createHostedPageCache({ host: hostname, port: config.PORT });
  const server = http.createServer((req, res) => {
    if (answerAtEdge(req, res, config.MAX_BODY_BYTES)) return;
    req.headers[SOCKET_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
    hostedPages.handle(req, res, () => void handle(req, res));
  });
  server.listen(config.PORT, config.HOST, () => {
    logger().info({ port: config.PORT, host: config.HOST }, `listening on http://localhost:${config.PORT}`);
  });
  stopGracefullyOnSignals(server, async () => {
    await Promise.all([disconnectDb(), closeRateLimitStore()]);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
