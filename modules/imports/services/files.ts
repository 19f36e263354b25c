// The uploaded file of an import: streamed to a file under the data directory (beside SECRETS_FILE, ./data by
// default) as it arrives, checked whole against IMPORT_LIMITS once (checkFile), read back row by row, and deleted when
// the run ends. The reading is modules/imports/reader/ (csv-parse, or our own bounded reader of an .xlsx file's zip and XML: the
// first sheet) in a worker thread with a heap of its own (imports-reader.ts); nothing here holds the whole file.
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { ClientAborted, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "@/lib/errors";
import { bodyTooLargeReason } from "@/lib/http/body";
import { IMPORT_MAX_BYTES, IMPORT_MEDIA_TYPES } from "../schemas/imports";
import { readerThread } from "./reader";

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
  throw new UnsupportedMediaType(
    `unsupported content type: send ${IMPORT_MEDIA_TYPES.csv} or ${IMPORT_MEDIA_TYPES.xlsx}`,
  );
}

export function importsDir(): string {
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
    const source = body
      ? Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>)
      : Readable.from([]);
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

/** The file's rows, the header first, one at a time (a batch at a time from the reader's thread). */
export async function* fileRows(filePath: string, format: ImportFormat): AsyncGenerator<FileRow> {
  const thread = readerThread(filePath, format, "rows");
  try {
    for (let message = await thread.next(); !("done" in message); message = await thread.next()) {
      if ("rows" in message) {
        yield* message.rows;
        thread.more();
      }
    }
  } finally {
    await thread.stop();
  }
}

/**
 * The whole file read once within IMPORT_LIMITS: its header row and how many rows follow it. An upload is checked so
 * before it is kept, so that a file past a limit is refused at once (413 naming the limit) rather than part-way
 * through its run, after thousands of its rows were written.
 */
export async function checkFile(filePath: string, format: ImportFormat): Promise<{ columns: string[]; rows: number }> {
  const thread = readerThread(filePath, format, "check");
  try {
    const message = await thread.next();
    if (!("header" in message)) return { columns: [], rows: 0 };
    return { columns: message.header.map((c) => c.trim()), rows: message.count };
  } finally {
    await thread.stop();
  }
}
