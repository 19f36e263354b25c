// The job engine with several instances on one PostgreSQL: pg-boss, a queue kept in the same database (schema
// `pgboss`) that already holds the truth, so instances share a sendout without another service (docs/api.md, Sendouts: why
// not BullMQ). A wake-up sent from any instance reaches a worker of some instance; the work itself still runs in this
// process's loop (in-process-queue.ts), which also polls, so pg-boss being slow or down delays work and loses none.
import "server-only";
import { logger } from "../logger";
import { createInProcessQueue } from "./in-process-queue";
import type { JobQueue } from "./queue";

export async function createPgBossQueue(databaseUrl: string): Promise<JobQueue> {
  // Loaded here, not with the server: a process on SQLite never uses pg-boss (4 MB of heap).
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 2,
    // Nothing here is scheduled by cron; the local poll covers what is due.
    schedule: false,
    // A wake-up older than a minute is stale: the poll has found that work already.
    expireInSeconds: 60,
    retentionMinutes: 5,
    retryLimit: 0,
  });
  boss.on("error", (error) => logger().warn({ err: error }, "pg-boss"));
  await boss.start();
  const local = createInProcessQueue();
  const queues = new Set<string>();

  // The `short` policy keeps at most one wake-up waiting per queue: a burst of wake-ups is one job.
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name, { name, policy: "short" });
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
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
