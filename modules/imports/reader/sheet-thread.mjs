// The reading of an import's file, in a worker thread of its own (modules/imports/services/files.ts starts it) with its
// own small heap: whatever a file holds, the limits stop it (csv-rows.mjs, xlsx-rows.mjs), and should one of them be
// wrong, it is this thread that runs out of memory and ends, not the server (a 1.2 MB .xlsx of 30 million shared
// strings took the server's whole heap through exceljs). The parsing also takes its CPU off the server's event loop.
//
// workerData: { importsThread: true, filePath, format: "CSV" | "XLSX", mode: "rows" | "check", limits, batchRows,
// batchChars }. "rows" posts `{ rows }` batches, each after the previous one was taken (`"next"` from the parent), so
// at most one batch is ever under way; "check" reads the whole file and posts `{ header, count }` (the header row and
// how many rows follow it). The end is `{ done: true }`; a refusal `{ error: { status, message } }`.
//
// Plain JavaScript that node runs as it is (no build step): the production server and the tests start the same file.
import { parentPort, workerData } from "node:worker_threads";
import { csvRows } from "./csv-rows.mjs";
import { FileRefused } from "./file-refused.mjs";
import { xlsxRows } from "./xlsx-rows.mjs";

/** @returns {Promise<void>} */
const taken = () => new Promise((resolve) => parentPort.once("message", () => resolve()));

async function run() {
  const { filePath, format, mode, limits, batchRows, batchChars } = workerData;
  const rows = format === "CSV" ? csvRows(filePath, limits) : xlsxRows(filePath, limits);
  if (mode === "check") {
    let header = null;
    let count = 0;
    for await (const row of rows) {
      if (header === null) header = row.cells;
      else count += 1;
    }
    parentPort.postMessage({ header: header ?? [], count });
    return;
  }
  let batch = [];
  let chars = 0;
  for await (const row of rows) {
    batch.push(row);
    for (const cell of row.cells) chars += cell.length;
    if (batch.length >= batchRows || chars >= batchChars) {
      parentPort.postMessage({ rows: batch });
      batch = [];
      chars = 0;
      await taken();
    }
  }
  if (batch.length) parentPort.postMessage({ rows: batch });
}

if (workerData?.importsThread) {
  run().then(
    () => parentPort.postMessage({ done: true }),
    (error) => {
      const refused = error instanceof FileRefused;
      const message = refused
        ? error.message
        : `the file could not be read as ${workerData.format}: ${String(error?.message ?? error).slice(0, 200)}`;
      parentPort.postMessage({ error: { status: refused ? error.status : 400, message } });
    },
  );
}
