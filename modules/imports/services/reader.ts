// The thread that reads an import's file (modules/imports/reader/sheet-thread.mjs) and its messages as promises. The thread has
// an old-space limit of its own: a file that got past every limit in IMPORT_LIMITS and still grew would end the thread
// (413 here), never take the server's heap. Batches of rows come one at a time, the next only when asked (more()).
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { PayloadTooLarge, ValidationFailed } from "@/lib/errors";
import { IMPORT_LIMITS } from "../schemas/imports";
import type { FileRow, ImportFormat } from "./files";

/**
 * The thread's old-space limit. Within IMPORT_LIMITS it holds a row, a batch and the parser's state, a few MB; the
 * shared strings are a Buffer outside this heap (at most IMPORT_LIMITS.maxSharedStringBytes).
 */
const READER_HEAP_MB = 64;
const READER_YOUNG_MB = 8;
/** A batch of rows posted to the server: this many rows, or fewer whose cells hold this many characters. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 1_000_000;

/** Where sheet-thread.mjs is: the server runs from the application's directory (as Next does, server.ts). */
const SHEET_THREAD_SCRIPT = path.join(process.cwd(), "modules", "imports", "reader", "sheet-thread.mjs");

type Message = { rows: FileRow[] } | { header: string[]; count: number } | { done: true };
type Posted = Message | { error: { status: number; message: string } };

export interface ReaderThread {
  /** The next message; throws the reader's refusal (413, 400) or its end (out of memory: 413). */
  next(): Promise<Message>;
  /** Asks for the next batch of rows. */
  more(): void;
  /** Ends the thread (at once, wherever it is). */
  stop(): Promise<void>;
}

export function readerThread(filePath: string, format: ImportFormat, mode: "rows" | "check"): ReaderThread {
  const thread = new Worker(SHEET_THREAD_SCRIPT, {
    workerData: {
      importsThread: true,
      filePath,
      format,
      mode,
      limits: IMPORT_LIMITS,
      batchRows: BATCH_ROWS,
      batchChars: BATCH_CHARS,
    },
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: READER_YOUNG_MB },
  });
  const queue: Posted[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  thread.on("message", (message: Posted) => {
    queue.push(message);
    notify();
  });
  thread.on("error", (error: Error & { code?: string }) => {
    failure =
      error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? new PayloadTooLarge(`the file needs more than ${READER_HEAP_MB} MB of memory to read`)
        : new ValidationFailed({ body: [`the file could not be read as ${format}: ${error.message.slice(0, 200)}`] });
    notify();
  });
  thread.on("exit", () => {
    failure ??= new Error("the import file's reader ended before the file did");
    notify();
  });
  return {
    async next() {
      for (;;) {
        const message = queue.shift();
        if (message) {
          if (!("error" in message)) return message;
          const { status, message: reason } = message.error;
          throw status === 413 ? new PayloadTooLarge(reason) : new ValidationFailed({ body: [reason] });
        }
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    more() {
      thread.postMessage("next");
    },
    async stop() {
      await thread.terminate();
    },
  };
}
