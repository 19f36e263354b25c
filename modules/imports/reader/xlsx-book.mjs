// What the first sheet of an .xlsx file needs from the rest of the workbook: where that sheet is (the workbook and its
// relationships), which cell styles are dates (styles.xml) and the shared strings, kept within their limits in one
// buffer of UTF-8 and an offset each (a JavaScript string per entry cost 30-40 bytes of heap more). Plain JavaScript.
import path from "node:path";
import { FileRefused, figure, megabytes } from "./file-refused.mjs";
import { localName, readPart } from "./xml-part.mjs";

/**
 * @typedef {import("./zip-entries.mjs").ZipEntry} ZipEntry
 * @typedef {{ maxCellChars: number; maxSharedStrings: number; maxSharedStringBytes: number; maxStyles: number }} BookLimits
 */

const notXlsx = (why) => new FileRefused(400, `the file could not be read as XLSX: ${why}`);

/** The id attribute of a relationship reference, whatever its prefix (`r:id`). */
const relationId = (attributes) => Object.entries(attributes).find(([key]) => key === "id" || key.endsWith(":id"))?.[1];

/**
 * The relationships of a part: id to target path in the archive, and the targets by the end of their type.
 * @param {string} filePath @param {Map<string, ZipEntry>} entries @param {string} part @param {number} maxText
 */
async function relationships(filePath, entries, part, maxText) {
  const dir = path.posix.dirname(part);
  const file = path.posix.join(dir, "_rels", `${path.posix.basename(part)}.rels`);
  /** @type {Map<string, string>} */
  const byId = new Map();
  /** @type {Map<string, string>} */
  const byType = new Map();
  const entry = entries.get(file);
  if (!entry) return { byId, byType };
  let count = 0;
  await readPart(
    filePath,
    entry,
    (parser) => {
      parser.on("opentag", (node) => {
        if (localName(node.name) !== "Relationship" || node.attributes.TargetMode === "External") return;
        if (++count > 10_000) throw new FileRefused(413, `${file} has more than 10,000 relationships`);
        const target = String(node.attributes.Target ?? "");
        const resolved = target.startsWith("/") ? target.slice(1) : path.posix.normalize(path.posix.join(dir, target));
        byId.set(String(node.attributes.Id), resolved);
        const type = String(node.attributes.Type ?? "");
        const kind = type.slice(type.lastIndexOf("/") + 1);
        if (!byType.has(kind)) byType.set(kind, resolved);
      });
    },
    maxText,
  );
  return { byId, byType };
}

/**
 * The first sheet's part, the styles and shared strings parts, and whether dates count from 1904.
 * @param {string} filePath @param {Map<string, ZipEntry>} entries @param {number} maxText
 */
export async function workbookParts(filePath, entries, maxText) {
  const root = await relationships(filePath, entries, "", maxText);
  const workbookPath = root.byType.get("officeDocument") ?? "xl/workbook.xml";
  const workbook = entries.get(workbookPath);
  if (!workbook) throw notXlsx("it has no workbook");
  let firstSheetId;
  let date1904 = false;
  await readPart(
    filePath,
    workbook,
    (parser) => {
      parser.on("opentag", (node) => {
        const name = localName(node.name);
        if (name === "workbookPr") date1904 = node.attributes.date1904 === "1" || node.attributes.date1904 === "true";
        if (name === "sheet" && firstSheetId === undefined) firstSheetId = relationId(node.attributes);
      });
    },
    maxText,
  );
  const rels = await relationships(filePath, entries, workbookPath, maxText);
  const sheet = firstSheetId === undefined ? undefined : entries.get(rels.byId.get(firstSheetId) ?? "");
  if (!sheet) throw notXlsx("it has no sheet");
  const part = (kind) => entries.get(rels.byType.get(kind) ?? "");
  return { sheet, styles: part("styles"), sharedStrings: part("sharedStrings"), date1904 };
}

/** Excel's built-in number formats that are dates or times (ECMA-376 18.8.30 and the East Asian ones). */
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A format code that shows a date or time, as exceljs decided it: y, m, d, h, s outside quotes and brackets. */
const isDateFormat = (code) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

/**
 * For each cell style (the `s` of a cell), whether its number format is a date.
 * @param {string} filePath @param {ZipEntry | undefined} entry @param {BookLimits} limits
 * @returns {Promise<boolean[]>}
 */
export async function dateStyles(filePath, entry, limits) {
  /** @type {boolean[]} */
  const dates = [];
  if (!entry) return dates;
  /** @type {Map<number, boolean>} */
  const custom = new Map();
  let inCellXfs = false;
  await readPart(
    filePath,
    entry,
    (parser) => {
      parser.on("opentag", (node) => {
        const name = localName(node.name);
        if (name === "numFmt")
          custom.set(Number(node.attributes.numFmtId), isDateFormat(String(node.attributes.formatCode ?? "")));
        else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) {
          if (dates.length >= limits.maxStyles)
            throw new FileRefused(413, `the file has more than ${figure(limits.maxStyles)} cell styles`);
          const id = Number(node.attributes.numFmtId ?? 0);
          dates.push(custom.get(id) ?? BUILT_IN_DATES.has(id));
        }
      });
      parser.on("closetag", (node) => {
        if (localName(node.name) === "cellXfs") inCellXfs = false;
      });
    },
    limits.maxCellChars,
  );
  return dates;
}

/** The shared strings, at most `maxCount` of at most `maxBytes` in all. */
class SharedStrings {
  /** @param {number} maxCount @param {number} maxBytes */
  constructor(maxCount, maxBytes) {
    this.maxCount = maxCount;
    this.maxBytes = maxBytes;
    this.count = 0;
    this.bytes = Buffer.allocUnsafe(64 * 1024);
    this.offsets = new Uint32Array(1024);
  }

  /** @param {string} text */
  add(text) {
    if (this.count >= this.maxCount)
      throw new FileRefused(413, `the file has more than ${figure(this.maxCount)} shared strings`);
    const start = this.offsets[this.count];
    const end = start + Buffer.byteLength(text);
    if (end > this.maxBytes)
      throw new FileRefused(413, `the file's shared strings hold more than ${megabytes(this.maxBytes)}`);
    if (end > this.bytes.length)
      this.bytes = grown(this.bytes, Math.min(this.maxBytes, Math.max(end, this.bytes.length * 2)));
    if (this.count + 2 > this.offsets.length) {
      const offsets = new Uint32Array(Math.min(this.maxCount + 1, this.offsets.length * 2));
      offsets.set(this.offsets);
      this.offsets = offsets;
    }
    this.bytes.write(text, start);
    this.count += 1;
    this.offsets[this.count] = end;
  }

  /** @param {number} index */
  get(index) {
    return Number.isInteger(index) && index >= 0 && index < this.count
      ? this.bytes.toString("utf8", this.offsets[index], this.offsets[index + 1])
      : "";
  }
}

function grown(buffer, size) {
  const bigger = Buffer.allocUnsafe(size);
  buffer.copy(bigger);
  return bigger;
}

/**
 * The shared strings part read into a SharedStrings: each `<si>`'s text runs joined, phonetic guides (`<rPh>`) left out.
 * @param {string} filePath @param {ZipEntry | undefined} entry @param {BookLimits} limits
 */
export async function sharedStrings(filePath, entry, limits) {
  const strings = new SharedStrings(limits.maxSharedStrings, limits.maxSharedStringBytes);
  if (!entry) return strings;
  let text = null;
  let inText = false;
  let phonetic = 0;
  await readPart(
    filePath,
    entry,
    (parser) => {
      parser.on("opentag", (node) => {
        const name = localName(node.name);
        if (name === "si") text = "";
        else if (name === "rPh") phonetic += 1;
        else if (name === "t" && text !== null && phonetic === 0) inText = true;
      });
      parser.on("text", (chunk) => {
        if (!inText) return;
        text += chunk;
        if (text.length > limits.maxCellChars)
          throw new FileRefused(
            413,
            `a cell is longer than ${figure(limits.maxCellChars)} characters (shared string ${figure(strings.count + 1)})`,
          );
      });
      parser.on("closetag", (node) => {
        const name = localName(node.name);
        if (name === "t") inText = false;
        else if (name === "rPh") phonetic -= 1;
        else if (name === "si" && text !== null) {
          strings.add(text);
          text = null;
        }
      });
    },
    limits.maxCellChars,
  );
  return strings;
}
