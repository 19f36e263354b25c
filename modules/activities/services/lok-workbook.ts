// The LOK-stöd report as an .xlsx workbook: a summary sheet and one sheet per activity, written by
// modules/activities/workbook/lok-workbook-thread.mjs in a worker thread with a heap limit of its own, so exceljs
// never loads into the server (tests/unit/server-bundle.test.ts) and a workbook larger than expected ends the thread,
// not the server.
import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { z } from "zod";
import type { Lang } from "@/lib/i18n/lang";
import type { LokReport } from "../schemas/lok";
import { lokWorkbookTexts } from "../texts/lok-workbook";

/**
 * The thread's old-space limit. A half-year of a large club (a few thousand occasions) is a few MB of exceljs
 * objects; the report itself is bounded by its period (at most 366 days).
 */
const WORKBOOK_HEAP_MB = 128;
const WORKBOOK_YOUNG_MB = 16;

/** Where the thread's script is: the server runs from the application's directory (as Next does, server.ts). */
const WORKBOOK_THREAD_SCRIPT = path.join(process.cwd(), "modules", "activities", "workbook", "lok-workbook-thread.mjs");

type Posted = { bytes: ArrayBuffer } | { error: { message: string } };

const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The report's workbook, texts in `lang`. */
export function lokReportXlsx(report: z.output<typeof LokReport>, lang: Lang): Promise<Uint8Array<ArrayBuffer>> {
  const thread = new Worker(WORKBOOK_THREAD_SCRIPT, {
    workerData: { lokWorkbookThread: true, report, texts: lokWorkbookTexts(lang) },
    resourceLimits: { maxOldGenerationSizeMb: WORKBOOK_HEAP_MB, maxYoungGenerationSizeMb: WORKBOOK_YOUNG_MB },
  });
  return new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    thread.once("message", (message: Posted) => {
      if ("bytes" in message) resolve(new Uint8Array(message.bytes));
      else reject(new Error(`the LOK workbook could not be written: ${message.error.message}`));
      void thread.terminate();
    });
    thread.once("error", (error) => reject(error));
    thread.once("exit", () => reject(new Error("the LOK workbook's thread ended before the workbook was written")));
  });
}

/** The workbook as a download named by its period. */
export async function lokReportXlsxResponse(
  report: z.output<typeof LokReport>,
  query: { from: string; to: string; lang: Lang },
): Promise<Response> {
  const bytes = await lokReportXlsx(report, query.lang);
  return new Response(bytes, {
    headers: {
      "content-type": XLSX_CONTENT_TYPE,
      "content-disposition": `attachment; filename="lok-${query.from}-${query.to}.xlsx"`,
      "x-content-type-options": "nosniff",
    },
  });
}
