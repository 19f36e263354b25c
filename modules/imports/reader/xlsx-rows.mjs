// The rows of the first sheet of an .xlsx file, one at a time, each dimension within the import's limits: the archive
// (zip-entries.mjs), the shared strings and styles (xlsx-book.mjs), then the sheet's XML as it is inflated. Cells as
// text as exceljs gave them before: dates as YYYY-MM-DD, rich text as its text, formulas as their result, booleans as
// true/false, errors empty. Plain JavaScript that node runs as it is (sheet-thread.mjs, the tests).
import { FileRefused, figure } from "./file-refused.mjs";
import { dateStyles, sharedStrings, workbookParts } from "./xlsx-book.mjs";
import { localName, xmlPart } from "./xml-part.mjs";
import { zipEntries } from "./zip-entries.mjs";

/**
 * @typedef {{ maxRows: number; maxColumns: number; maxCellChars: number; maxLineChars: number }} RowLimits
 * @typedef {RowLimits & import("./xlsx-book.mjs").BookLimits & { zip: import("./zip-entries.mjs").ZipLimits }} XlsxLimits
 * @typedef {{ number: number; cells: string[] }} FileRow
 */

/** The column of a cell reference (`AB12` is 27, 0-based), or -1 without one. */
function columnOf(reference) {
  let column = 0;
  let i = 0;
  for (; i < reference.length && i < 8; i++) {
    const code = reference.charCodeAt(i) & ~32;
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return i === 0 ? -1 : column - 1;
}

/** An Excel serial date as YYYY-MM-DD (1900 system: day 25569 is 1970-01-01; the 1904 system is 1462 days later). */
function serialDate(serial, date1904) {
  const days = serial + (date1904 ? 1462 : 0) - 25569;
  const date = new Date(Math.round(days * 86_400_000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/**
 * @param {string} filePath
 * @param {XlsxLimits} limits
 * @returns {AsyncGenerator<FileRow>}
 */
export async function* xlsxRows(filePath, limits) {
  const entries = await zipEntries(filePath, limits.zip);
  const parts = await workbookParts(filePath, entries, limits.maxCellChars);
  const dates = await dateStyles(filePath, parts.styles, limits);
  const strings = await sharedStrings(filePath, parts.sharedStrings, limits);
  const tooLong = (where) =>
    new FileRefused(413, `a cell is longer than ${figure(limits.maxCellChars)} characters (${where})`);

  let rowNumber = 0;
  let rowsSeen = 0;
  /** @type {string[]} */
  let cells = [];
  let rowChars = 0;
  let column = -1;
  let cell = { type: "", style: 0, column: -1, where: "" };
  /** `v` (a value), `t` (an inline string's text run), null elsewhere */
  let reading = null;
  let value = "";
  let inlineText = "";
  let phonetic = 0;

  const cellText = () => {
    switch (cell.type) {
      case "s":
        return strings.get(Number(value));
      case "inlineStr":
        return inlineText;
      case "str":
        return value;
      case "b":
        return value === "" ? "" : value === "1" || value === "true" ? "true" : "false";
      case "e":
        return "";
      case "d":
        return /^\d{4}-\d\d-\d\d/.test(value) ? value.slice(0, 10) : value;
      default: {
        if (value.trim() === "") return "";
        const number = Number(value);
        if (Number.isNaN(number)) return value;
        return dates[cell.style] ? serialDate(number, parts.date1904) : String(number);
      }
    }
  };

  for await (const row of xmlPart(
    filePath,
    parts.sheet,
    (parser, out) => {
      parser.on("opentag", (node) => {
        const name = localName(node.name);
        if (name === "row") {
          rowNumber = node.attributes.r ? Number(node.attributes.r) : rowNumber + 1;
          cells = [];
          rowChars = 0;
          column = -1;
        } else if (name === "c") {
          const reference = String(node.attributes.r ?? "");
          const at = reference ? columnOf(reference) : -1;
          column = at >= 0 ? at : column + 1;
          cell = {
            type: String(node.attributes.t ?? "n"),
            style: Number(node.attributes.s ?? 0),
            column,
            where: reference ? `cell ${reference}` : `row ${rowNumber}`,
          };
          value = "";
          inlineText = "";
        } else if (name === "v") reading = "v";
        else if (name === "rPh") phonetic += 1;
        else if (name === "t" && cell.type === "inlineStr" && phonetic === 0) reading = "t";
      });
      parser.on("text", (text) => {
        if (reading === "v") value += text;
        else if (reading === "t") inlineText += text;
        else return;
        if (value.length > limits.maxCellChars || inlineText.length > limits.maxCellChars) throw tooLong(cell.where);
      });
      parser.on("closetag", (node) => {
        const name = localName(node.name);
        if (name === "v" || name === "t") reading = null;
        else if (name === "rPh") phonetic -= 1;
        else if (name === "c") {
          const text = cellText().trim();
          if (text === "") return;
          if (text.length > limits.maxCellChars) throw tooLong(cell.where);
          if (cell.column < 0 || cell.column >= limits.maxColumns)
            throw new FileRefused(413, `the file has more than ${figure(limits.maxColumns)} columns (${cell.where})`);
          rowChars += text.length;
          if (rowChars > limits.maxLineChars)
            throw new FileRefused(
              413,
              `row ${figure(rowNumber)} is longer than ${figure(limits.maxLineChars)} characters`,
            );
          while (cells.length < cell.column) cells.push("");
          cells[cell.column] = text;
        } else if (name === "row" && cells.length > 0) {
          rowsSeen += 1;
          // The header is a row too: the limit counts the rows below it.
          if (rowsSeen > limits.maxRows + 1)
            throw new FileRefused(413, `the file has more than ${figure(limits.maxRows)} rows`);
          out.push({ number: rowNumber, cells });
          cells = [];
        }
      });
    },
    limits.maxCellChars,
  )) {
    yield row;
  }
}
