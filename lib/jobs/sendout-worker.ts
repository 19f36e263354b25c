// The sendout worker of one process: rounds of lib/services/sendout-delivery.ts, run by the job queue whenever a
// sendout starts or resumes (a wake-up, from any instance with pg-boss) and every SENDOUT_POLL_MS. Started by the
// production server when SENDOUT_WORKER is on; stopped first on SIGTERM (lib/bootstrap/graceful-shutdown.ts): it
// claims nothing more, hands back what it claimed and has not sent, and lets the messages in flight finish.
import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import { databaseProvider } from "../database-url";
import { env } from "../env";
import { logger } from "../logger";
import { runSendoutRound } from "../services/sendout-delivery";
import { createInProcessQueue } from "./in-process-queue";
import { createPgBossQueue } from "./pg-boss-queue";
import { SENDOUT_JOB, setJobQueue, type JobQueue } from "./queue";

function usesPgBoss(): boolean {
  const { JOB_QUEUE, DATABASE_URL } = env();
  return JOB_QUEUE === "pg-boss" || (JOB_QUEUE === "auto" && databaseProvider(DATABASE_URL) === "postgres");
}

/**
 * pg-boss when configured; if it cannot start (no rights to create its schema, say), the in-process loop: the rows
 * keep delivery correct either way, and the other instances' work is then found by polling.
 */
async function jobQueue(): Promise<JobQueue> {
  if (!usesPgBoss()) return createInProcessQueue();
  try {
    return await createPgBossQueue(env().DATABASE_URL);
  } catch (error) {
    logger().warn({ err: error }, "pg-boss did not start; the sendout worker polls without it");
    return createInProcessQueue();
  }
}

export async function startSendoutWorker(): Promise<{ stop(): Promise<void> }> {
  // The lease owner: names this process in the rows it holds (and in logs when a lease is taken over).
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const queue = await jobQueue();
  let stopping = false;
  setJobQueue(queue);
  await queue.work(SENDOUT_JOB, env().SENDOUT_POLL_MS, async () => {
    const more = await runSendoutRound(owner, () => stopping);
    // A full batch: more is waiting, so another instance may as well join in.
    if (more) await queue.wake(SENDOUT_JOB);
    return more;
  });
  logger().info({ owner }, "sendout worker started");
  return {
    async stop() {
      stopping = true;
      await queue.stop();
      setJobQueue(undefined);
    },
  };
}
