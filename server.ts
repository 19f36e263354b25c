// The production server: applies migrations, seeds the demo on an empty database, then serves Next.js over a plain
// Node HTTP server so route handlers can see the socket address (lib/http/client-ip.ts). `npm run build` compiles it
// to dist/server.mjs (scripts/build-server.mjs), which runs on plain node; SIGTERM / SIGINT stop it gracefully.
import http from "node:http";
import next from "next";
import { SOCKET_IP_HEADER } from "./lib/http/client-ip";
import { answerAtEdge } from "./lib/http/edge";
import { guardRequest, isClientAbort } from "./lib/http/connection-limits";
import { restoreBodyEncoding } from "./lib/http/kept-gzip";
import { createHostedPageCache } from "./lib/cache/hosted-page-cache";
import { env } from "./lib/env";
import { disconnectDb, prepareDatabase } from "./lib/db";
import { applyPendingMigrations } from "./lib/bootstrap/migrations";
import { seedDemoIfEmpty } from "./lib/bootstrap/demo-seed";
import { sanitizeStoredTerms } from "@/modules/lists/services/consent-terms";
import { printDemoCredentials } from "./lib/bootstrap/print-credentials";
import { stopGracefullyOnSignals } from "./lib/bootstrap/graceful-shutdown";
import { closeRateLimitStore } from "./lib/http/rate-limit";
import { logger } from "./lib/logger";
import { countForegroundRequest } from "./lib/jobs/foreground";
import { startWorkers } from "./lib/jobs/workers";

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
  // A client that goes away mid-body makes Next.js print Node's "aborted" with its stack; guardRequest logs it as
  // one line instead.
  const printError = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (!args.some(isClientAbort)) printError(...args);
  };
  const limits = {
    maxBodyBytes: config.MAX_BODY_BYTES,
    maxConcurrentPerClient: config.MAX_CONCURRENT_REQUESTS_PER_CLIENT,
    trustProxyHops: config.TRUST_PROXY_HOPS,
  };
  const server = http.createServer(
    {
      // Node's defaults let a slow client hold a socket for 300 s; each bound is checked every second.
      headersTimeout: Math.min(config.REQUEST_HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    (req, res) => {
      req.headers[SOCKET_IP_HEADER] = req.socket.remoteAddress ?? "unknown";
      countForegroundRequest(res);
      restoreBodyEncoding(req, res);
      if (answerAtEdge(req, res, config.MAX_BODY_BYTES) || guardRequest(req, res, limits)) return;
      hostedPages.handle(req, res, () => void handle(req, res));
    },
  );
  server.listen(config.PORT, config.HOST, () => {
    logger().info({ port: config.PORT, host: config.HOST }, `listening on http://localhost:${config.PORT}`);
  });
  // Sendouts and webhooks are delivered by this process unless SENDOUT_WORKER / WEBHOOK_WORKER is off (docs/operating.md).
  const which = { sendouts: config.SENDOUT_WORKER === "on", webhooks: config.WEBHOOK_WORKER === "on" };
  const workers = which.sendouts || which.webhooks ? await startWorkers(which) : null;
  stopGracefullyOnSignals(
    server,
    async () => {
      await Promise.all([disconnectDb(), closeRateLimitStore()]);
    },
    async () => workers?.stop(),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
