// One XML part of an .xlsx file, parsed as it is inflated (saxes, the streaming parser exceljs itself uses): the
// caller's handlers push what they make into `out`, which is handed on after each chunk. saxes expands no entity but
// XML's own five and character references, so no part can grow by definition (no "billion laughs"). Plain JavaScript.
import { StringDecoder } from "node:string_decoder";
import { SaxesParser } from "saxes";
import { FileRefused, figure } from "./file-refused.mjs";
import { entryBytes } from "./zip-entries.mjs";

/** A tag's name without its namespace prefix (`x:row` is `row`): some writers prefix SpreadsheetML's elements. */
export const localName = (name) => name.slice(name.indexOf(":") + 1);

/**
 * The items the handlers push while the part is parsed, chunk by chunk.
 * @template T
 * @param {string} filePath
 * @param {import("./zip-entries.mjs").ZipEntry} entry
 * @param {(parser: SaxesParser, out: T[]) => void} setup attaches the handlers
 * @param {number} maxTextChars the longest text run saxes may gather before a handler sees it
 * @returns {AsyncGenerator<T>}
 */
export async function* xmlPart(filePath, entry, setup, maxTextChars) {
  const parser = new SaxesParser({ position: false });
  /** @type {T[]} */
  const out = [];
  setup(parser, out);
  const decoder = new StringDecoder("utf8");
  const write = (chunk) => {
    try {
      parser.write(chunk);
    } catch (error) {
      if (error instanceof FileRefused) throw error;
      throw new FileRefused(
        400,
        `the file could not be read as XLSX: ${entry.name}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // saxes gathers a text run (or an attribute's value) until it ends, and a tag's name likewise, before a handler
    // sees any of it: one past every limit is refused here, between chunks, instead of growing for as long as the part
    // goes on. (Its fields, not its documented interface: should they be renamed, the thread's heap limit still holds.)
    const { text, name } = /** @type {{ text?: unknown; name?: unknown }} */ (/** @type {unknown} */ (parser));
    for (const pending of [text, name]) {
      if (typeof pending === "string" && pending.length > maxTextChars)
        throw new FileRefused(413, `a text in ${entry.name} is longer than ${figure(maxTextChars)} characters`);
    }
  };
  for await (const chunk of entryBytes(filePath, entry)) {
    write(decoder.write(chunk));
    if (out.length) yield* out.splice(0);
  }
  write(decoder.end());
  try {
    parser.close();
  } catch (error) {
    throw new FileRefused(
      400,
      `the file could not be read as XLSX: ${entry.name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (out.length) yield* out.splice(0);
}

/**
 * A part read for its side effects only (the handlers keep what they need).
 * @param {string} filePath
 * @param {import("./zip-entries.mjs").ZipEntry} entry
 * @param {(parser: SaxesParser) => void} setup
 * @param {number} maxTextChars
 */
export async function readPart(filePath, entry, setup, maxTextChars) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  for await (const _ of xmlPart(filePath, entry, setup, maxTextChars));
}
