// Liveness and readiness for load balancers (GET /healthz, GET /readyz). Not a business operation: anonymous, no
// Caller, no audit. Readiness is what a balancer needs before sending traffic: the database answers and has every
// committed migration (an instance started against a database another version migrated is not ready either way).
import "server-only";
import { env } from "./env";
import { isDatabaseUnavailable } from "./database-errors";
import { logger } from "./logger";
import { pendingMigrations } from "./bootstrap/migrations";

/** A probe must answer well within a balancer's own timeout, even when the database does not. */
const READINESS_TIMEOUT_MS = 3000;

export type Readiness = { ready: true } | { ready: false; reason: string };

class ProbeTimedOut extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimedOut()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The database answers (a lookup of the migrations table) and no committed migration is pending. */
export async function readiness(): Promise<Readiness> {
  try {
    const pending = await within(pendingMigrations(env().DATABASE_URL), READINESS_TIMEOUT_MS);
    if (pending.length > 0) return { ready: false, reason: `migrations pending: ${pending.join(", ")}` };
    return { ready: true };
  } catch (error) {
    if (error instanceof ProbeTimedOut)
      return { ready: false, reason: `database did not answer within ${READINESS_TIMEOUT_MS} ms` };
    if (isDatabaseUnavailable(error)) return { ready: false, reason: "database unavailable" };
    logger().error({ err: error }, "readiness check failed");
    return { ready: false, reason: "database check failed" };
  }
}
