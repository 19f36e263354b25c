// The embedded job engine: timers and wake-ups in this process. One instance (SQLite's deployment) needs nothing more.
import "server-only";
import { logger } from "../logger";
import type { JobQueue } from "./queue";

interface Worker {
  handler: () => Promise<boolean>;
  timer: NodeJS.Timeout;
  running: Promise<void> | null;
  /** Woken while running: run once more when done. */
  again: boolean;
}

export function createInProcessQueue(): JobQueue {
  const workers = new Map<string, Worker>();
  let stopping = false;

  const run = (name: string, worker: Worker) => {
    if (worker.running) {
      worker.again = true;
      return;
    }
    worker.running = (async () => {
      try {
        for (;;) {
          worker.again = false;
          const more = await worker.handler();
          if (stopping || (!more && !worker.again)) break;
        }
      } catch (error) {
        // The next wake-up or poll tries again; the rows keep what was done.
        logger().error({ err: error, job: name }, "background job failed");
      } finally {
        worker.running = null;
      }
    })();
  };

  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker && !stopping) run(name, worker);
  };

  return {
    async work(name, everyMs, handler) {
      const worker: Worker = { handler, running: null, again: false, timer: setInterval(() => wake(name), everyMs) };
      worker.timer.unref();
      workers.set(name, worker);
      run(name, worker);
    },
    wake: async (name) => wake(name),
    async stop() {
      stopping = true;
      for (const worker of workers.values()) clearInterval(worker.timer);
      await Promise.all([...workers.values()].map((w) => w.running));
    },
  };
}
