// The .xlsx reader of imports (modules/imports/reader/xlsx-rows.mjs) reads cells as exceljs's reader did before it: a workbook
// written by exceljs (dates, numbers, booleans, formulas, rich text, hyperlinks, errors, gaps, the second sheet left
// alone) and parts written as other programs write them (prefixed tags, inline rich text, phonetic guides, the 1904
// date system, cells without references) give the same texts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, it } from "vitest";
import { xlsxRows, type FileRow } from "@/modules/imports/reader/xlsx-rows.mjs";
import { IMPORT_LIMITS } from "@/modules/imports/schemas/imports";
import { part, STRINGS_HEAD, STRINGS_TAIL, workbookParts, zipArchive } from "../xlsx-bytes";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xlsx-reader-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function rowsOf(bytes: Buffer): Promise<FileRow[]> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
  fs.writeFileSync(file, bytes);
  const rows: FileRow[] = [];
  for await (const row of xlsxRows(file, IMPORT_LIMITS)) rows.push(row);
  return rows;
}

describe("the .xlsx reader", () => {
  it("reads an exceljs workbook's first sheet as exceljs's reader did", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Medlemmar");
    sheet.addRow(["E-post", "Född", "Antal", "Aktiv", "Summa", "Namn", "Webb", "Fel"]);
    const row = sheet.addRow([
      "åsa@example.org",
      new Date(Date.UTC(1990, 1, 28)),
      42.5,
      true,
      { formula: "C2*2", result: 85 },
    ]);
    row.getCell(6).value = { richText: [{ text: "Åsa " }, { font: { bold: true }, text: "Öberg" }] };
    row.getCell(7).value = { text: "Klubben", hyperlink: "https://example.org" };
    row.getCell(8).value = { error: "#N/A" };
    sheet.addRow(["  bo@example.org  ", null, null, false]);
    sheet.addRow([]);
    sheet.getCell("J5").value = "långt bort";
    workbook.addWorksheet("Annat").addRow(["inte detta"]);
    const rows = await rowsOf(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(rows).toEqual([
      { number: 1, cells: ["E-post", "Född", "Antal", "Aktiv", "Summa", "Namn", "Webb", "Fel"] },
      { number: 2, cells: ["åsa@example.org", "1990-02-28", "42.5", "true", "85", "Åsa Öberg", "Klubben"] },
      { number: 3, cells: ["bo@example.org", "", "", "false"] },
      { number: 5, cells: ["", "", "", "", "", "", "", "", "", "långt bort"] },
    ]);
  });

  it("reads prefixed tags, inline rich text, phonetic guides, 1904 dates and cells without references", async () => {
    const NS = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const [types, rels, , workbookRels] = workbookParts();
    const workbook = part(
      "xl/workbook.xml",
      `<x:workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><x:workbookPr date1904="1"/><x:sheets><x:sheet name="A" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`,
    );
    const styles = part(
      "xl/styles.xml",
      `<x:styleSheet ${NS}><x:numFmts><x:numFmt numFmtId="164" formatCode="yyyy&quot;-&quot;mm&quot;-&quot;dd"/></x:numFmts><x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="164"/></x:cellXfs></x:styleSheet>`,
    );
    const strings = part(
      "xl/sharedStrings.xml",
      `${STRINGS_HEAD}<si><r><t>Kan</t></r><r><t xml:space="preserve">ji </t></r><rPh sb="0" eb="1"><t>かんじ</t></rPh></si>${STRINGS_TAIL}`,
    );
    const sheetXml =
      `<x:worksheet ${NS}><x:sheetData><x:row><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:r><x:t>a&amp;</x:t></x:r><x:r><x:t>b</x:t></x:r></x:is></x:c>` +
      `<x:c s="1"><x:v>0</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>Kanji</x:v></x:c><x:c t="d"><x:v>2001-02-03T00:00:00Z</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
    const rowsRel = part(
      "xl/_rels/workbook.xml.rels",
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    );
    expect(workbookRels.name).toBe(rowsRel.name);
    const rows = await rowsOf(
      zipArchive([types, rels, workbook, rowsRel, styles, strings, part("xl/worksheets/sheet1.xml", sheetXml)]),
    );
    expect(rows).toEqual([{ number: 1, cells: ["Kanji", "a&b", "1904-01-01", "Kanji", "2001-02-03"] }]);
  });

  it("refuses a text, an attribute's value or a tag's name that runs past a chunk and the cell limit", async () => {
    const long = "x".repeat(200_000);
    const [types, rels, workbook, workbookRels] = workbookParts();
    const withSheet = (xml: string) =>
      zipArchive([types, rels, workbook, workbookRels, part("xl/worksheets/sheet1.xml", xml)]);
    for (const xml of [
      `<worksheet><sheetData>${long}</sheetData></worksheet>`,
      `<worksheet><sheetData><row r="${long}"/></sheetData></worksheet>`,
      `<worksheet><${long}/></worksheet>`,
    ]) {
      await expect(rowsOf(withSheet(xml))).rejects.toThrow(
        /a text in xl\/worksheets\/sheet1\.xml is longer than 5,000 characters/,
      );
    }
  });
});
