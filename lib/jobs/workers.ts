// The background workers of one process, on one job queue: the sendout worker (rounds of
// modules/sendouts/services/delivery.ts, every SENDOUT_POLL_MS and whenever a sendout starts or resumes) and the webhook
// worker (rounds of modules/webhooks/services/delivery.ts, every WEBHOOK_POLL_MS and whenever a delivery is asked for).
// A wake-up comes from any instance with pg-boss. Started by the production server for those that are on
// (SENDOUT_WORKER, WEBHOOK_WORKER); stopped first on SIGTERM (lib/bootstrap/graceful-shutdown.ts): they claim nothing
// more, hand back what they claimed and have not sent, and let what is in flight finish.
import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import { databaseProvider } from "../database-url";
import { env } from "../env";
import { logger } from "../logger";
import { runSendoutRound } from "@/modules/sendouts/services/delivery";
import { runWebhookRound } from "@/modules/webhooks/services/delivery";
import { runImportRound } from "@/modules/imports/services/run";
import { createInProcessQueue } from "./in-process-queue";
import { createPgBossQueue } from "./pg-boss-queue";
import { IMPORT_JOB, SENDOUT_JOB, setJobQueue, WEBHOOK_JOB, type JobQueue } from "./queue";

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
    logger().warn({ err: error }, "pg-boss did not start; the workers poll without it");
    return createInProcessQueue();
  }
}

/** One kind of work: its job name, how often it polls, and one round (true when more is waiting). */
interface WorkerKind {
  job: typeof SENDOUT_JOB | typeof WEBHOOK_JOB | typeof IMPORT_JOB;
  pollMs: number;
  round: (owner: string, stopping: () => boolean) => Promise<boolean>;
}

export async function startWorkers(which: {
  sendouts: boolean;
  webhooks: boolean;
}): Promise<{ stop(): Promise<void> }> {
  // The lease owner: names this process in the rows it holds (and in logs when a lease is taken over).
  const owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const all: (WorkerKind & { on: boolean })[] = [
    { on: which.sendouts, job: SENDOUT_JOB, pollMs: env().SENDOUT_POLL_MS, round: runSendoutRound },
    { on: which.webhooks, job: WEBHOOK_JOB, pollMs: env().WEBHOOK_POLL_MS, round: runWebhookRound },
    // Imports run wherever workers run (a run abandoned by a stopped process is resumed at the next poll).
    { on: true, job: IMPORT_JOB, pollMs: 5000, round: runImportRound },
  ];
  const kinds = all.filter((k) => k.on);
  const queue = await jobQueue();
  let stopping = false;
  setJobQueue(queue);
  for (const kind of kinds) {
    await queue.work(kind.job, kind.pollMs, async () => {
      const more = await kind.round(owner, () => stopping);
      // A full batch: more is waiting, so another instance may as well join in.
      if (more) await queue.wake(kind.job);
      return more;
    });
  }
  logger().info({ owner, jobs: kinds.map((k) => k.job) }, "workers started");
  return {
    async stop() {
      stopping = true;
      await queue.stop();
      setJobQueue(undefined);
    },
  };
}
