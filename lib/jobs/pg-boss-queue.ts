// The job engine with several instances on one PostgreSQL: pg-boss, a queue kept in the same database (schema
// `pgboss_v12`, see SCHEMA) that already holds the truth, so instances share a sendout without another service
// (docs/api.md, Sendouts: why not BullMQ). A wake-up sent from any instance reaches a worker of some instance; the
// work itself still runs in this process's loop (in-process-queue.ts), which also polls, so pg-boss being slow or down
// delays work and loses none.
import "server-only";
import { logger } from "../logger";
import { createInProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./queue";

/**
 * pg-boss 11 rewrote its schema and does not migrate the one pg-boss 10 made (schema `pgboss`, version 24): pg-boss
 * 12's migrations start at version 25, and on `pgboss` its start() fails with "Cannot migrate pg-boss schema from
 * version 24". So pg-boss 12 gets a schema of its own beside the old one. Nothing is lost: the old schema holds only
 * wake-ups, which the workers' poll makes redundant, and an instance still on pg-boss 10 during a rolling upgrade keeps
 * using `pgboss` until it is replaced. Once none is left, `DROP SCHEMA pgboss CASCADE` removes it.
 */
const SCHEMA = "pgboss_v12";

export async function createPgBossQueue(databaseUrl: string): Promise<JobQueue> {
  // Loaded here, not with the server: a process on SQLite never uses pg-boss (4 MB of heap).
  const { PgBoss } = await import("pg-boss");
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: SCHEMA,
    max: 2,
    // Nothing here is scheduled by cron; the local poll covers what is due.
    schedule: false,
  });
  boss.on("error", (error) => logger().warn({ err: error }, "pg-boss"));
  await boss.start();
  const local = createInProcessQueue();
  const queues = new Set<string>();

  // The `short` policy keeps at most one wake-up waiting per queue: a burst of wake-ups is one job. Since pg-boss 11
  // a job's expiry, retention and retries are the queue's, no longer the constructor's: a wake-up older than a minute
  // is stale (the poll has found that work already), and one that failed is not worth another try.
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name, { policy: "short", expireInSeconds: 60, retentionSeconds: 300, retryLimit: 0 });
    queues.add(name);
  };

  return {
    async work(name, everyMs, handler) {
      await ensureQueue(name);
      await local.work(name, everyMs, handler);
      await boss.work(name, { pollingIntervalSeconds: 1 }, async () => local.wake(name));
    },
    async wake(name) {
      await ensureQueue(name);
      await boss.send(name, {});
    },
    async stop() {
      await local.stop();
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
