// The limits of an import's file (docs/api.md "Import", IMPORT_LIMITS): each refused at upload with 413 naming it, the
// upload's file deleted, nothing left in the temp directory; the same bounds for CSV where they apply; uploads nobody
// started expire. The files are made here byte by byte (tests/xlsx-bytes.ts), small on disk whatever they unpack to.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { PayloadTooLarge, ValidationFailed } from "@/lib/errors";
import { operatorCaller } from "@/modules/access/services/caller";
import { createImport, getImport } from "@/modules/imports/services/imports";
import { EXPIRED_REASON, sweepStaleUploads } from "@/modules/imports/services/expiry";
import { importsDir } from "@/modules/imports/services/files";
import { IMPORT_LIMITS, IMPORT_MEDIA_TYPES } from "@/modules/imports/schemas/imports";
import { makeCompany } from "../helpers";
import { sheet, SHEET_HEAD, SHEET_TAIL, streamedPart, STRINGS_HEAD, STRINGS_TAIL, xlsx } from "../xlsx-bytes";

const op = operatorCaller();
const L = IMPORT_LIMITS;
const n = (x: number) => x.toLocaleString("en-US");

async function upload(content: string | Buffer, type = "text/csv") {
  const company = await makeCompany("Gränsföreningen");
  const body = new Blob([typeof content === "string" ? content : new Uint8Array(content)]).stream();
  return createImport(op, { kind: "MEMBER", company_id: company.id, file_name: "fil" } as never, type, body);
}
const uploadXlsx = (content: Buffer) => upload(content, IMPORT_MEDIA_TYPES.xlsx);

async function refused(attempt: Promise<unknown>, status: 413 | 400, reason: RegExp) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the upload was taken").toBeInstanceOf(status === 413 ? PayloadTooLarge : ValidationFailed);
  expect((error as Error).message).toMatch(reason);
}

/** A sheet of a header and `rows` rows of one inline string each, made as it is deflated. */
const rowsSheet = (rows: number) =>
  streamedPart(
    "xl/worksheets/sheet1.xml",
    `${SHEET_HEAD}<row r="1"><c r="A1" t="inlineStr"><is><t>E-post</t></is></c></row>`,
    (i) => `<row r="${i + 2}"><c r="A${i + 2}" t="inlineStr"><is><t>r${i}@example.org</t></is></c></row>`,
    rows,
    SHEET_TAIL,
  );

describe("import limits, CSV", () => {
  it("takes as many rows as the limit and refuses one more", async () => {
    const csv = (rows: number) => `email\n${Array.from({ length: rows }, (_, i) => `r${i}@example.org`).join("\n")}\n`;
    expect((await upload(csv(L.maxRows))).status).toBe("UPLOADED");
    await refused(upload(csv(L.maxRows + 1)), 413, new RegExp(`more than ${n(L.maxRows)} rows`));
  }, 60_000);

  it("refuses too many columns, a long cell, a long line and an unclosed quote that swallows the file", async () => {
    await refused(
      upload(`email\n${"x,".repeat(L.maxColumns)}x\n`),
      413,
      new RegExp(`more than ${n(L.maxColumns)} columns \\(line 2\\)`),
    );
    await refused(
      upload(`email;namn\na@example.org;${"å".repeat(L.maxCellChars + 1)}\n`),
      413,
      new RegExp(`a cell is longer than ${n(L.maxCellChars)} characters \\(line 2, column 2\\)`),
    );
    await refused(
      upload(`email\n${`${"y".repeat(4000)},`.repeat(L.maxLineChars / 4000 + 1)}\n`),
      413,
      new RegExp(`line 2 is longer than ${n(L.maxLineChars)} characters`),
    );
    await refused(
      upload(`email,namn\na@example.org,"${"short line\n".repeat(L.maxLineChars / 10)}`),
      413,
      new RegExp(`a row is longer than ${n(L.maxLineChars)} characters`),
    );
  });
});

describe("import limits, .xlsx", () => {
  it("takes a sheet of inline strings and refuses one row more than the limit", async () => {
    expect(
      (
        await uploadXlsx(
          xlsx(
            sheet([
              ["E-post", "Namn"],
              ["a@example.org", "Åsa"],
            ]),
          ),
        )
      ).columns,
    ).toEqual(["E-post", "Namn"]);
    await refused(uploadXlsx(xlsx(await rowsSheet(L.maxRows + 1))), 413, new RegExp(`more than ${n(L.maxRows)} rows`));
  }, 60_000);

  it("refuses too many columns, a long cell and a long row", async () => {
    const wide = await streamedPart(
      "xl/worksheets/sheet1.xml",
      `${SHEET_HEAD}<row r="1">`,
      (i) => `<c t="inlineStr"><is><t>k${i}</t></is></c>`,
      L.maxColumns + 1,
      `</row>${SHEET_TAIL}`,
    );
    await refused(uploadXlsx(xlsx(wide)), 413, new RegExp(`more than ${n(L.maxColumns)} columns`));
    await refused(
      uploadXlsx(xlsx(sheet([["E-post"], ["x".repeat(L.maxCellChars + 1)]]))),
      413,
      new RegExp(`a cell is longer than ${n(L.maxCellChars)} characters`),
    );
    const cells = Array.from({ length: L.maxLineChars / 4000 + 1 }, () => "y".repeat(4000));
    await refused(
      uploadXlsx(xlsx(sheet([["E-post"], cells]))),
      413,
      new RegExp(`row 2 is longer than ${n(L.maxLineChars)} characters`),
    );
  });

  it("refuses more shared strings than the limit, and more of their bytes, before the sheet's first row", async () => {
    const header = sheet([["E-post"]]);
    const many = await streamedPart(
      "xl/sharedStrings.xml",
      STRINGS_HEAD,
      (i) => `<si><t>${i}</t></si>`,
      L.maxSharedStrings + 1,
      STRINGS_TAIL,
    );
    await refused(
      uploadXlsx(xlsx(header, many, true)),
      413,
      new RegExp(`more than ${n(L.maxSharedStrings)} shared strings`),
    );
    // Random text, so that the part is not refused for its compression ratio first.
    const heavy = await streamedPart(
      "xl/sharedStrings.xml",
      STRINGS_HEAD,
      () => `<si><t>${crypto.randomBytes(3600).toString("base64")}</t></si>`,
      Math.ceil(L.maxSharedStringBytes / 4800) + 1,
      STRINGS_TAIL,
    );
    await refused(uploadXlsx(xlsx(header, heavy)), 413, /shared strings hold more than 32 MB/);
  }, 60_000);

  it("refuses an entry that declares too much, one compressed past the ratio and one that unpacks to more than it declares", async () => {
    const declared = { ...sheet([["E-post"]]), declaredSize: L.zip.maxEntryBytes + 1 };
    await refused(uploadXlsx(xlsx(declared)), 413, /xl\/worksheets\/sheet1\.xml unpacks to more than 256 MB/);
    const dense = await streamedPart(
      "xl/sharedStrings.xml",
      STRINGS_HEAD,
      () => "<si><t>x</t></si>",
      200_000,
      STRINGS_TAIL,
    );
    await refused(
      uploadXlsx(xlsx(sheet([["E-post"]]), dense)),
      413,
      new RegExp(`xl/sharedStrings\\.xml is compressed more than ${L.zip.maxRatio} to 1`),
    );
    const liar = await streamedPart(
      "xl/sharedStrings.xml",
      STRINGS_HEAD,
      () => "<si><t>x</t></si>",
      2_000,
      STRINGS_TAIL,
    );
    await refused(
      uploadXlsx(xlsx(sheet([["E-post"]]), { ...liar, declaredSize: 1_000 })),
      413,
      /xl\/sharedStrings\.xml unpacks to more than the 1,000 bytes its archive declares/,
    );
    await refused(
      uploadXlsx(Buffer.from("PK not really a zip")),
      400,
      /could not be read as XLSX: it is not a zip archive/,
    );
  });

  it("writes no temp file, even for a sheet that comes before the shared strings and a read that stops early", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "imports-tmp-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      // exceljs's own writer puts the sheet before sharedStrings.xml, as Excel does.
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet("Medlemmar").addRows([["E-post"], ["a@example.org"], ["b@example.org"]]);
      const uploaded = await uploadXlsx(Buffer.from(await workbook.xlsx.writeBuffer()));
      expect(uploaded.columns).toEqual(["E-post"]);
      expect((await getImport(op, uploaded.id)).columns).toEqual(["E-post"]);
      expect(fs.readdirSync(tmp)).toEqual([]);
    } finally {
      process.env.TMPDIR = saved;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe("stale uploads", () => {
  it("expires an upload not started within a day, its file and files no import names, and audits it", async () => {
    const uploaded = await upload("email\na@example.org\n");
    const run = await db().importRun.update({
      where: { id: uploaded.id },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    const fresh = await upload("email\nb@example.org\n");
    const orphan = path.join(importsDir(), "left-behind.upload");
    fs.writeFileSync(orphan, "email\n");
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    fs.utimesSync(orphan, dayAgo, dayAgo);

    const swept = await sweepStaleUploads();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(swept.orphans).toBeGreaterThanOrEqual(1);
    expect(await getImport(op, uploaded.id)).toMatchObject({ status: "FAILED", error: EXPIRED_REASON, columns: [] });
    expect(fs.existsSync(run.filePath!)).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect((await getImport(op, fresh.id)).status).toBe("UPLOADED");
    const audit = await db().auditEntry.findFirst({
      where: { action: "import.expire", summary: { startsWith: `import ${uploaded.id} ` } },
    });
    expect(audit).toMatchObject({ actor: "system:imports", objectId: run.organizationId });
  });
});
