// Import shapes (docs/api.md "Import"): the kinds, the fields a column can be mapped to, the start and preview bodies and
// the views of a run. Imports nothing from the server: the dashboard's mapping screen validates with these too.
import { z } from "zod";
import { CompanyId, IntIdParam } from "@/lib/validation/common";
import { ImportReasonCodeSchema, ImportReasonParams } from "./reasons";

const IMPORT_KINDS = ["MEMBER", "SUBSCRIBER"] as const;
export const IMPORT_FIELDS = [
  "email",
  "firstname",
  "lastname",
  "phone",
  "birthdate",
  "street",
  "zipcode",
  "post",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
const IMPORT_STATUSES = ["UPLOADED", "QUEUED", "RUNNING", "DONE", "FAILED", "UNDONE"] as const;
/** The largest file an import takes (the edge's body limit for the upload routes). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/**
 * What an import reads of a file, checked before and while it is read (modules/imports/reader/): past any of these the upload is
 * refused with 413 and the limit in its reason. Rows count the rows below the header; a line is a CSV line or the text
 * of an .xlsx row. A cell takes 5,000 characters (no member field takes more than 254; Excel's own limit is 32,767):
 * a batch of 500 rows of the run then holds at most 40 MB of mapped text.
 */
export const IMPORT_LIMITS = {
  maxRows: 200_000,
  maxColumns: 1_000,
  maxCellChars: 5_000,
  maxLineChars: 100_000,
  /** .xlsx: the shared strings (the workbook's table of texts, held while the sheet is read) and the cell styles. */
  maxSharedStrings: 2_000_000,
  maxSharedStringBytes: 32 * 1024 * 1024,
  maxStyles: 65_536,
  /** .xlsx: the archive. An entry compressed more than maxRatio to 1 is refused from ratioFromBytes unpacked. */
  zip: {
    maxEntries: 10_000,
    maxEntryBytes: 256 * 1024 * 1024,
    maxTotalBytes: 512 * 1024 * 1024,
    maxRatio: 200,
    ratioFromBytes: 1024 * 1024,
  },
} as const;
export const IMPORT_MEDIA_TYPES = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
/** Rows shown in a preview. */
export const PREVIEW_ROWS = 20;

export const CreateImportQuery = z
  .object({
    kind: z.enum(IMPORT_KINDS, { error: "must be MEMBER or SUBSCRIBER" }),
    company_id: CompanyId.optional().meta({ description: "MEMBER: the company the members are imported into." }),
    list_id: IntIdParam.optional().meta({ description: "SUBSCRIBER: the list the subscribers are imported into." }),
    file_name: z
      .string()
      .trim()
      .min(1, { error: "required" })
      .max(200, { error: "must be at most 200 characters" })
      .default("import"),
  })
  .superRefine((q, ctx) => {
    if (q.kind === "MEMBER" && !q.company_id)
      ctx.addIssue({ code: "custom", path: ["company_id"], message: "required for a MEMBER import" });
    if (q.kind === "SUBSCRIBER" && !q.list_id)
      ctx.addIssue({ code: "custom", path: ["list_id"], message: "required for a SUBSCRIBER import" });
  });
export type CreateImportInput = z.output<typeof CreateImportQuery>;

const columnHeader = z
  .string()
  .trim()
  .min(1, { error: "required" })
  .max(200, { error: "must be at most 200 characters" });
export const ImportMappingSchema = z
  .partialRecord(z.enum(IMPORT_FIELDS), columnHeader)
  .refine((m) => Boolean(m.email), { error: "email: a column must be mapped to email" })
  .meta({
    id: "ImportMapping",
    description: "Which column (by its header text) fills each field; `email` is required.",
  });
export type ImportMappingValues = z.output<typeof ImportMappingSchema>;

export const PreviewImportRequest = z.object({ mapping: ImportMappingSchema }).meta({ id: "PreviewImportRequest" });

const ConsentSource = z
  .string({ error: "required" })
  .trim()
  .min(3, { error: "must be at least 3 characters" })
  .max(500, { error: "must be at most 500 characters" });

export const StartImportRequest = z
  .object({
    mapping: ImportMappingSchema,
    consent_source: ConsentSource.optional().meta({
      description: "SUBSCRIBER: how the subscribers' consent was obtained (3-500 characters), required.",
    }),
  })
  .meta({ id: "StartImportRequest" });
export type StartImportInput = z.output<typeof StartImportRequest>;

export const ImportView = z
  .object({
    id: z.number().int(),
    kind: z.enum(IMPORT_KINDS),
    company_id: z.string(),
    list_id: z.number().int().nullable(),
    status: z.enum(IMPORT_STATUSES),
    file_name: z.string(),
    file_size: z.number().int(),
    columns: z.array(z.string()).meta({ description: "The header row of the file (UPLOADED only; empty afterwards)." }),
    mapping: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()).meta({
      description:
        "The mapping used, or the one suggested (remembered from the last import of this kind, or guessed from the headers).",
    }),
    consent_source: z.string().nullable(),
    rows_read: z.number().int(),
    added: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    undo_removable: z.number().int().meta({ description: "Rows whose additions an undo would remove now." }),
    undo_removed: z.number().int().nullable(),
    undo_kept: z.number().int().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
    undone_at: z.string().nullable(),
  })
  .meta({ id: "Import" });

const ImportProblem = z
  .object({
    row: z.number().int(),
    field: z.string(),
    code: ImportReasonCodeSchema,
    params: ImportReasonParams,
    message: z.string().meta({ description: "The problem in English, from `code` and `params`." }),
  })
  .meta({ id: "ImportProblem" });

export const ImportPreview = z
  .object({
    columns: z.array(z.string()),
    rows: z.array(z.object({ row: z.number().int(), values: z.partialRecord(z.enum(IMPORT_FIELDS), z.string()) })),
    problems: z.array(ImportProblem).meta({ description: "The first 100 problems of the whole file." }),
    problem_count: z.number().int(),
    row_count: z.number().int(),
  })
  .meta({ id: "ImportPreview" });

export const ImportUndoResult = z
  .object({
    removed: z
      .number()
      .int()
      .meta({ description: "Rows whose additions were removed (members, subscriptions, filled fields)." }),
    kept: z.number().int().meta({ description: "Rows left as they are because something else changed them since." }),
    reason: z.string().nullable(),
  })
  .meta({ id: "ImportUndoResult" });
