// /v3 imports (docs/api.md "Import"): members into a company or subscribers into a list from a CSV or .xlsx file. The
// lifecycle: UPLOADED (POST /imports with the file) -> preview with a mapping -> QUEUED (start) -> RUNNING -> DONE
// (or FAILED) -> UNDONE. The module and permission depend on the import's kind, so the service checks them.
import { z } from "zod";
import {
  CreateImportQuery,
  IMPORT_LIMITS,
  ImportPreview,
  ImportUndoResult,
  ImportView,
  PreviewImportRequest,
  StartImportRequest,
} from "../schemas/imports";
import { bearerInputErrors, forbidden, reason, unauthorized, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const importOperation = operationsSharing({ auth: "bearer", tags: ["Imports"] });
const access =
  "A MEMBER import needs the `member` module (and `MEMBER.U` to create, start or undo one) with the company in your " +
  "scope; a SUBSCRIBER import the `subscription_list` module (and `SUBSCRIPTION_LIST.U`) with the list's company in scope.";
const importErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`import not found`: no import has this id, or it belongs to a company outside your scope"),
};
const wrongState = (what: string) => ({
  ...reason(`\`import is <status>: ${what}\``),
  example: { reason: `import is DONE: ${what}` },
});

const figure = (n: number) => n.toLocaleString("en-US");

export const createImport = importOperation({
  method: "post",
  path: "/imports",
  query: CreateImportQuery,
  summary: "Upload a file to import",
  description:
    "The request body is the file itself, sent as it is (no multipart): `Content-Type: text/csv` (UTF-8, `;` or `,` " +
    "between columns, a byte-order mark allowed) or `application/vnd.openxmlformats-officedocument.spreadsheetml.sheet` " +
    "(.xlsx: the first sheet is read). At most 50 MB (413 beyond; 415 for another type). The first row is the header. " +
    `The whole file is read once before it is kept: past ${figure(IMPORT_LIMITS.maxRows)} rows below the header, ` +
    `${figure(IMPORT_LIMITS.maxColumns)} columns, ${figure(IMPORT_LIMITS.maxCellChars)} characters in a cell or ` +
    `${figure(IMPORT_LIMITS.maxLineChars)} in a line (a CSV line, an .xlsx row), or for an .xlsx ` +
    `${figure(IMPORT_LIMITS.maxSharedStrings)} shared strings or a part unpacking to more than ` +
    `${IMPORT_LIMITS.zip.maxEntryBytes / 1024 / 1024} MB or compressed more than ${IMPORT_LIMITS.zip.maxRatio} to 1, it is ` +
    "refused with 413 and a reason naming the limit (`the file has more than 200,000 rows`). An upload not started " +
    "within 24 hours expires (FAILED, `the upload expired: …`). " +
    "Nothing is imported yet: the answer lists the columns and suggests a mapping (the organization's last one for " +
    `this kind when its columns are all there, else a guess from the headers). ${access}`,
  responses: { 201: { description: "Uploaded", schema: ImportView } },
  errors: {
    ...bearerInputErrors,
    404: reason("`list not found`: no list has the `list_id` given, or it is outside your scope"),
    413: reason(
      "`request body too large (limit <n> bytes)` past 50 MB; otherwise the file's limit it is past, named: `the file has more than 200,000 rows`, `a cell is longer than 5,000 characters (line 7, column 3)`, `xl/sharedStrings.xml unpacks to more than 256 MB`",
    ),
  },
});

export const listImports = importOperation({
  method: "get",
  path: "/imports",
  summary: "List recent imports",
  description: "The 50 newest imports of companies in your scope, of the kinds whose module your API key has.",
  responses: { 200: { description: "The imports, newest first", schema: z.array(ImportView) } },
  errors: { 401: unauthorized },
});

export const getImport = importOperation({
  method: "get",
  path: "/imports/{id}",
  params: IdParams,
  summary: "Get an import and its progress",
  description: `Poll it while the import is QUEUED or RUNNING: \`rows_read\`, \`added\`, \`updated\` and \`skipped\` grow batch by batch. ${access}`,
  responses: { 200: { description: "The import", schema: ImportView } },
  errors: importErrors,
});

export const previewImport = importOperation({
  method: "post",
  path: "/imports/{id}/preview",
  params: IdParams,
  body: PreviewImportRequest,
  summary: "Preview an import with a mapping",
  description:
    "The first 20 rows as the mapping reads them, and the problems of the whole file (the first 100 listed): a " +
    "missing or invalid email, an invalid birthdate, a field longer than the member API allows, an email that an " +
    `earlier row of the file has. Rows with a problem are skipped when the import runs. Changes nothing. ${access}`,
  responses: { 200: { description: "The preview", schema: ImportPreview } },
  errors: { ...importErrors, 409: wrongState("only an UPLOADED import can be previewed or started") },
});

export const startImport = importOperation({
  method: "post",
  path: "/imports/{id}/start",
  params: IdParams,
  body: StartImportRequest,
  summary: "Start an import",
  description:
    "Runs the import in the background in batches of 500 rows; follow it with GET /imports/{id}. The mapping is " +
    "remembered for the organization. Rows are matched to members of the organization by email (trimmed, lower-cased): " +
    "an existing member gets only its empty fields filled in; a later row with an email already in the file is skipped. " +
    "SUBSCRIBER imports need `consent_source`, how the subscribers' consent was obtained; they are subscribed at once " +
    "without a confirmation mail, except members who opted out of all mail or left the list themselves and " +
    `suppressed addresses, which are skipped, as are rows beyond the list's capacity. ${access}`,
  responses: { 200: { description: "The import, QUEUED", schema: ImportView } },
  errors: { ...importErrors, 409: wrongState("only an UPLOADED import can be previewed or started") },
});

export const getImportResult = importOperation({
  method: "get",
  path: "/imports/{id}/result",
  params: IdParams,
  summary: "Download an import's result",
  description:
    "Every row read so far with its outcome (added, updated, skipped) and the reason in English, as CSV for Excel " +
    "(semicolons, a UTF-8 byte-order mark); the last column (`Kod`) is the reason's code, as a preview problem's " +
    `\`code\` (ImportReasonCode). ${access}`,
  responses: { 200: { description: "CSV, streamed", contentType: "text/csv" } },
  errors: importErrors,
});

export const undoImport = importOperation({
  method: "post",
  path: "/imports/{id}/undo",
  params: IdParams,
  summary: "Undo an import",
  description:
    "Removes the members the import created and the subscriptions it started, and empties the fields it filled in on " +
    "existing members, for each row whose member nothing else has changed since. Rows changed since stay as they are " +
    `and are counted in \`kept\`. Only a DONE import can be undone, once. ${access}`,
  responses: { 200: { description: "What was undone", schema: ImportUndoResult } },
  errors: { ...importErrors, 409: wrongState("only a DONE import can be undone") },
});
