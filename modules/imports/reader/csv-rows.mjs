// The rows of a CSV file, one at a time, within the import's limits: a line (counted before csv-parse sees it, so a
// line of nothing but delimiters cannot become a record of millions of fields), a record's characters (csv-parse's
// max_record_size: an unclosed quote cannot swallow the file), the columns, a cell's length and the rows. The
// delimiter is `;` when the first line has more semicolons than commas (what Swedish Excel writes), `,` otherwise.
// Plain JavaScript that node runs as it is (sheet-thread.mjs, the tests).
import fs from "node:fs";
import { Transform } from "node:stream";
import { parse } from "csv-parse";
import { FileRefused, figure } from "./file-refused.mjs";

/** @typedef {import("./xlsx-rows.mjs").RowLimits} RowLimits */

async function delimiter(filePath) {
  const handle = await fs.promises.open(filePath, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const firstLine = buffer.subarray(0, bytesRead).toString("utf8").split(/\r?\n/, 1)[0];
    const count = (c) => firstLine.split(c).length - 1;
    return count(";") > count(",") ? ";" : ",";
  } finally {
    await handle.close();
  }
}

/** Passes the bytes on, refusing a line (ended by CR or LF) of more than `max` characters (UTF-8 lead bytes). */
function lineLimit(max) {
  let line = 1;
  let length = 0;
  return new Transform({
    transform(chunk, _encoding, done) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i];
        if (byte === 10 || byte === 13) {
          if (byte === 10 || chunk[i + 1] !== 10) line += 1;
          length = 0;
        } else if ((byte & 0xc0) !== 0x80 && ++length > max) {
          return done(new FileRefused(413, `line ${figure(line)} is longer than ${figure(max)} characters`));
        }
      }
      done(null, chunk);
    },
  });
}

/**
 * @param {string} filePath
 * @param {RowLimits} limits
 * @returns {AsyncGenerator<import("./xlsx-rows.mjs").FileRow>}
 */
export async function* csvRows(filePath, limits) {
  const source = fs.createReadStream(filePath);
  const lines = lineLimit(limits.maxLineChars);
  const parser = parse({
    delimiter: await delimiter(filePath),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: limits.maxLineChars,
  });
  source.on("error", (error) => lines.destroy(error));
  lines.on("error", (error) => parser.destroy(error));
  source.pipe(lines).pipe(parser);
  let rows = 0;
  try {
    for await (const { record, info } of /** @type {AsyncIterable<{ record: string[]; info: { lines: number } }>} */ (
      parser
    )) {
      if (record.length > limits.maxColumns && record.slice(limits.maxColumns).some((c) => c.trim() !== "")) {
        throw new FileRefused(
          413,
          `the file has more than ${figure(limits.maxColumns)} columns (line ${figure(info.lines)})`,
        );
      }
      const cells = record.length > limits.maxColumns ? record.slice(0, limits.maxColumns) : record;
      const long = cells.findIndex((c) => c.length > limits.maxCellChars);
      if (long >= 0)
        throw new FileRefused(
          413,
          `a cell is longer than ${figure(limits.maxCellChars)} characters (line ${figure(info.lines)}, column ${long + 1})`,
        );
      rows += 1;
      if (rows > limits.maxRows + 1)
        throw new FileRefused(413, `the file has more than ${figure(limits.maxRows)} rows`);
      yield { number: info.lines, cells };
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    const code = /** @type {{ code?: string }} */ (error).code;
    if (code === "CSV_MAX_RECORD_SIZE")
      throw new FileRefused(413, `a row is longer than ${figure(limits.maxLineChars)} characters`);
    throw new FileRefused(
      400,
      `the file could not be read as CSV: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
    );
  } finally {
    source.destroy();
    lines.destroy();
    parser.destroy();
  }
}
