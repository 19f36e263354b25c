// Stopping the server on SIGTERM / SIGINT without cutting off work in progress: stop accepting connections and stop the
// background work from taking more (a sendout worker claims nothing further and finishes the messages in flight), let
// the requests already running finish (at most DRAIN_TIMEOUT_MS, then the remaining connections are closed), close
// keep-alive connections as soon as they are idle, release the database and Redis, close the mail transport and the
// mail catcher (after the drain and the worker: both may still be sending), exit 0.
import type http from "node:http";
import { logger } from "../logger";
import { closeMailTransport } from "../mail/transport";
import { runShutdownHooks } from "./shutdown-hooks";

export const DRAIN_TIMEOUT_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/** The caller's resources, then the mail parts whether or not that failed. */
async function releaseAll(release: () => Promise<void>): Promise<void> {
  try {
    await release();
  } finally {
    closeMailTransport();
    await runShutdownHooks();
  }
}

/**
 * Installs the signal handlers. `stopWork` stops background work, at once and beside the drain; `release` then closes
 * what the process holds (database pools, Redis). A second signal changes nothing: a terminal's Ctrl-C reaches both
 * `npm start` (which forwards it) and this process.
 */
export function stopGracefullyOnSignals(
  server: http.Server,
  release: () => Promise<void>,
  stopWork: () => Promise<void> = async () => {},
): void {
  const open = new Set<http.ServerResponse>();
  let draining = false;
  // Ahead of the application's listener: every response is known, and once draining none keeps its connection.
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    open.add(res);
    res.on("close", () => open.delete(res));
  });

  const stop = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    logger().info({ signal, inFlight: open.size }, "stopping: finishing in-flight requests");
    const workStopped = stopWork().catch((error: unknown) =>
      logger().warn({ err: error }, "stopping: background work did not stop cleanly"),
    );
    for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const deadline = setTimeout(() => {
      logger().warn({ inFlight: open.size, afterMs: DRAIN_TIMEOUT_MS }, "stopping: closing connections still busy");
      server.closeAllConnections();
    }, DRAIN_TIMEOUT_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      workStopped
        .then(() => releaseAll(release))
        .catch((error: unknown) => logger().warn({ err: error }, "stopping: releasing resources failed"))
        .finally(() => {
          logger().info("stopped");
          process.exit(0);
        });
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
