// The one small job interface of background work. A job here is a wake-up, not a unit of work: the database rows say
// what is to be done and who holds it (sendouts: SendoutRecipient's status and lease), so a lost or doubled wake-up
// costs a moment, never a message. Two engines implement it: an in-process loop (in-process-queue.ts, the embedded
// default) and pg-boss on PostgreSQL (pg-boss-queue.ts), which also wakes workers of other instances.
import "server-only";

export interface JobQueue {
  /**
   * Runs `handler` whenever `name` is woken, and at least every `everyMs` (due retries, scheduled starts, expired
   * leases need no wake-up). Never two runs of one name at once in this process. The handler answers true when more
   * work is waiting, and then runs again at once.
   */
  work(name: string, everyMs: number, handler: () => Promise<boolean>): Promise<void>;
  /** Wakes a worker of `name` (this process's, or with pg-boss, any instance's). */
  wake(name: string): Promise<void>;
  /** Starts no further run and waits for the one under way. */
  stop(): Promise<void>;
}

export const SENDOUT_JOB = "sendouts";
export const WEBHOOK_JOB = "webhooks";
export const IMPORT_JOB = "imports";

// Kept on globalThis: Next's route handlers and the compiled server.ts are separate bundles in one process, and a
// request that starts a sendout must reach the queue the server started.
const globalForJobs = globalThis as unknown as { __jobQueue?: JobQueue };

export function setJobQueue(queue: JobQueue | undefined): void {
  globalForJobs.__jobQueue = queue;
}

/**
 * Wakes a worker of `job` now rather than at its next poll: after a sendout starts or resumes, after a webhook
 * delivery is asked for. Without a queue in this process (the workers are off here) it does nothing; the workers'
 * polling finds the work. True when a queue was there to wake.
 */
export async function wakeWorkers(job: typeof SENDOUT_JOB | typeof WEBHOOK_JOB | typeof IMPORT_JOB): Promise<boolean> {
  await globalForJobs.__jobQueue?.wake(job);
  return globalForJobs.__jobQueue !== undefined;
}
