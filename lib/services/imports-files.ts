// The uploaded file of an import: streamed to a file under the data directory (beside SECRETS_FILE, ./data by
// default) as it arrives, read back row by row (csv-parse, or exceljs's streaming reader for .xlsx: the first sheet),
// and deleted when the run ends. Nothing here holds the whole file in memory.
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse } from "csv-parse";
import type { CellValue, Row } from "exceljs";
import { env } from "../env";
import { ClientAborted, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "../errors";
import { bodyTooLargeReason } from "../http/body";
import { IMPORT_MAX_BYTES, IMPORT_MEDIA_TYPES } from "../validation/imports";

export type ImportFormat = "CSV" | "XLSX";
export interface FileRow {
  /** The row's line in the file: the header is 1. */
  number: number;
  cells: string[];
}

/** The format of an upload by its media type (415 for anything else). */
export function importFormat(contentType: string | null): ImportFormat {
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType === IMPORT_MEDIA_TYPES.csv || mediaType === "application/csv") return "CSV";
  if (mediaType === IMPORT_MEDIA_TYPES.xlsx) return "XLSX";
  throw new UnsupportedMediaType(`unsupported content type: send ${IMPORT_MEDIA_TYPES.csv} or ${IMPORT_MEDIA_TYPES.xlsx}`);
}

function importsDir(): string {
  return path.join(path.dirname(path.resolve(env().SECRETS_FILE)), "imports");
}

/** Writes the request body to a new file (readable by this user only), refused with 413 past IMPORT_MAX_BYTES. */
export async function saveUpload(body: ReadableStream<Uint8Array> | null): Promise<{ filePath: string; size: number }> {
  const dir = importsDir();
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const filePath = path.join(dir, `${crypto.randomUUID()}.upload`);
  let size = 0;
  const counted = async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      size += chunk.byteLength;
      if (size > IMPORT_MAX_BYTES) throw new PayloadTooLarge(bodyTooLargeReason(IMPORT_MAX_BYTES));
      yield chunk;
    }
  };
  try {
    const source = body ? Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>) : Readable.from([]);
    await pipeline(source, counted, fs.createWriteStream(filePath, { mode: 0o600 }));
  } catch (error) {
    await removeFile(filePath);
    if (error instanceof PayloadTooLarge) throw error;
    throw new ClientAborted();
  }
  if (size === 0) {
    await removeFile(filePath);
    throw new ValidationFailed({ body: ["the file is empty"] });
  }
  return { filePath, size };
}

export async function removeFile(filePath: string | null): Promise<void> {
  if (filePath) await fs.promises.rm(filePath, { force: true });
}

/** `;` when the first line has more semicolons than commas (what Swedish Excel writes), `,` otherwise. */
async function csvDelimiter(filePath: string): Promise<string> {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString("utf8").split(/\r?\n/, 1)[0];
    const count = (c: string) => firstLine.split(c).length - 1;
    return count(";") > count(",") ? ";" : ",";
  } finally {
    await handle.close();
  }
}

/** A cell of exceljs as text: dates as YYYY-MM-DD, rich text and hyperlinks as their text, formulas as their result. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("text" in value) return String(value.text);
  if ("result" in value) return cellText(value.result as CellValue);
  return "";
}

async function* csvRows(filePath: string): AsyncGenerator<FileRow> {
  const parser = fs.createReadStream(filePath).pipe(
    parse({ delimiter: await csvDelimiter(filePath), bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true }),
  );
  for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    yield { number: record.info.lines, cells: record.record };
  }
}

async function* xlsxRows(filePath: string): AsyncGenerator<FileRow> {
  // Loaded on the first .xlsx import, not with the server: exceljs and what it requires hold about 7 MB of heap.
  const { default: ExcelJS } = await import("exceljs");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, { sharedStrings: "cache", hyperlinks: "ignore", styles: "cache", worksheets: "emit" });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<Row>) {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, (v) => cellText(v as CellValue).trim());
      if (cells.some((c) => c !== "")) yield { number: row.number, cells };
    }
    return; // the first sheet only
  }
}

/** The file's rows, the header first, one at a time. A file that is not what it claims is a 400. */
export async function* fileRows(filePath: string, format: ImportFormat): AsyncGenerator<FileRow> {
  try {
    yield* format === "CSV" ? csvRows(filePath) : xlsxRows(filePath);
  } catch (error) {
    if (error instanceof Error && !("status" in error)) throw new ValidationFailed({ body: [`the file could not be read as ${format}: ${error.message.slice(0, 200)}`] });
    throw error;
  }
}
