// The rows of an import as fields: the column mapping (suggested from the last import or the headers), a row checked
// with the member API's own zod rules, and the preview (the first rows as mapped and the problems of the whole file).
import "server-only";
import type { z } from "zod";
import { normalizeEmail } from "@/lib/validation/email";
import { reasonMessage, reasonParams, type ImportReason } from "../schemas/reasons";
import {
  IMPORT_FIELDS,
  PREVIEW_ROWS,
  type ImportField,
  type ImportMappingValues,
  type ImportPreview,
} from "../schemas/imports";
import { UpdateMemberRequest } from "@/modules/members/schemas/member";
import { fileRows, type ImportFormat } from "./files";

/** The API's rules for each field (lengths, email, birthdate). */
const RowFields = UpdateMemberRequest.pick({
  email: true,
  firstname: true,
  lastname: true,
  phone: true,
  birthdate: true,
  street: true,
  zipcode: true,
  post: true,
});
export type RowValues = Partial<Record<ImportField, string>>;
/** A refused row keeps its address where that alone is valid, so the result file says whose row it was. */
export type CheckedRow =
  | { ok: true; email: string; fields: Partial<Record<ImportField, string>> }
  | { ok: false; reason: ImportReason; email: string | null };

/** Header texts staff commonly use for each field, compared lower-cased without spaces, dashes or underscores. */
const HEADER_GUESSES: Record<ImportField, string[]> = {
  email: ["email", "epost", "mail", "emailadress", "epostadress", "emailaddress"],
  firstname: ["firstname", "förnamn", "fornamn", "givenname"],
  lastname: ["lastname", "efternamn", "surname", "familyname"],
  phone: ["phone", "telefon", "mobil", "mobile", "telefonnummer", "mobilnummer"],
  birthdate: ["birthdate", "födelsedatum", "fodelsedatum", "dateofbirth", "birthday"],
  street: ["street", "gatuadress", "adress", "address", "gata"],
  zipcode: ["zipcode", "postnummer", "zip", "postalcode", "postnr"],
  post: ["post", "postort", "ort", "city", "town"],
};

const headerKey = (text: string) => text.toLowerCase().replace(/[\s_\-.]/g, "");

/** The remembered mapping where its columns are all in this file; otherwise a guess from the header texts. */
export function suggestMapping(
  columns: string[],
  remembered: ImportMappingValues | null,
): Partial<Record<ImportField, string>> {
  if (remembered && Object.values(remembered).every((header) => columns.includes(header))) return remembered;
  const guess: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const column = columns.find((c) => HEADER_GUESSES[field].includes(headerKey(c)));
    if (column) guess[field] = column;
  }
  return guess;
}

/** For each mapped field, the index of its column (the first column with that header). */
export function columnIndexes(columns: string[], mapping: ImportMappingValues): [ImportField, number][] {
  return Object.entries(mapping).flatMap(([field, header]) => {
    const index = columns.indexOf(header);
    return index >= 0 ? [[field as ImportField, index] as [ImportField, number]] : [];
  });
}

export function mapRow(cells: string[], indexes: [ImportField, number][]): RowValues {
  const values: RowValues = {};
  for (const [field, index] of indexes) {
    const text = (cells[index] ?? "").trim();
    if (text !== "") values[field] = text;
  }
  return values;
}

/** A row as the member API would take it; the first problem otherwise. An email is required. */
export function checkRow(values: RowValues): CheckedRow {
  if (!values.email) return { ok: false, reason: { code: "required", field: "email" }, email: null };
  const parsed = RowFields.safeParse(values);
  if (!parsed.success) {
    const emailValid = !parsed.error.issues.some((issue) => issue.path[0] === "email");
    return {
      ok: false,
      reason: invalidReason(parsed.error.issues, values),
      email: emailValid ? normalizeEmail(values.email) : null,
    };
  }
  const fields: Partial<Record<ImportField, string>> = {};
  for (const [field, value] of Object.entries(parsed.data))
    if (typeof value === "string") fields[field as ImportField] = value;
  return { ok: true, email: normalizeEmail(values.email), fields };
}

/** The first zod issue of the member rules as a reason: the rule's own text as its detail, how it broke for the dashboard. */
function invalidReason(issues: z.core.$ZodIssue[], values: RowValues): ImportReason {
  const [issue] = issues;
  const field = String(issue.path[0] ?? "row");
  const reason: ImportReason = { code: "invalid", field, detail: issue.message, issue: "other" };
  if (issue.code === "too_big") return { ...reason, issue: "too_long", max: Number(issue.maximum) };
  if (field === "email") return { ...reason, issue: "invalid_email" };
  if (issue.code === "custom" && issue.params?.key === "control_characters")
    return { ...reason, issue: "control_characters" };
  if (field === "birthdate") {
    // Both refinements of the birthdate rule are "custom" issues, and zod runs both: a date after today with a single
    // issue is a real date that failed only "not in the future".
    const single = issues.filter((i) => i.path[0] === "birthdate").length === 1;
    return {
      ...reason,
      issue: single && values.birthdate! > new Date().toISOString().slice(0, 10) ? "future_date" : "invalid_date",
    };
  }
  return reason;
}

/** The reason a later row with an email already seen in the file is skipped. */
export const duplicateInFile = (firstRow: number): ImportReason => ({
  code: "duplicate_in_file",
  field: "email",
  first_row: firstRow,
});

const MAX_PROBLEMS = 100;

/** The header row of the file (its first row), empty for an empty file. */
export async function readColumns(filePath: string, format: ImportFormat): Promise<string[]> {
  for await (const row of fileRows(filePath, format)) return row.cells.map((c) => c.trim());
  return [];
}

/** The first rows as mapped and every problem of the file (the first 100 listed), read in one pass. */
export async function previewRows(
  filePath: string,
  format: ImportFormat,
  mapping: ImportMappingValues,
): Promise<z.output<typeof ImportPreview>> {
  const preview: z.output<typeof ImportPreview> = {
    columns: [],
    rows: [],
    problems: [],
    problem_count: 0,
    row_count: 0,
  };
  const firstRowOf = new Map<string, number>();
  let indexes: [ImportField, number][] = [];
  const problem = (row: number, reason: ImportReason) => {
    preview.problem_count += 1;
    if (preview.problems.length < MAX_PROBLEMS) {
      preview.problems.push({
        row,
        field: reason.field ?? "row",
        code: reason.code,
        params: reasonParams(reason),
        message: reasonMessage(reason),
      });
    }
  };
  for await (const row of fileRows(filePath, format)) {
    if (preview.columns.length === 0 && preview.row_count === 0 && indexes.length === 0) {
      preview.columns = row.cells.map((c) => c.trim());
      indexes = columnIndexes(preview.columns, mapping);
      for (const [field, header] of Object.entries(mapping))
        if (!preview.columns.includes(header)) problem(1, { code: "no_column", field, header });
      continue;
    }
    preview.row_count += 1;
    const values = mapRow(row.cells, indexes);
    if (preview.rows.length < PREVIEW_ROWS) preview.rows.push({ row: row.number, values });
    const checked = checkRow(values);
    if (!checked.ok) {
      problem(row.number, checked.reason);
      continue;
    }
    const first = firstRowOf.get(checked.email);
    if (first !== undefined) problem(row.number, duplicateInFile(first));
    else firstRowOf.set(checked.email, row.number);
  }
  return preview;
}
