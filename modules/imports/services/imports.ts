// Imports of members (into a company) and subscribers (into a list) from CSV and .xlsx files (docs/api.md "Import"):
// upload, preview with a mapping, start, progress, the result as CSV and undo. Who may: the member module and
// MEMBER.U in the company's scope for members; the subscription_list module and SUBSCRIPTION_LIST.U on the list for
// subscribers. The run itself is imports-run.ts (a background worker), the undo imports-undo.ts.
import "server-only";
import { stringify } from "csv-stringify/sync";
import type { z } from "zod";
import { db } from "@/lib/db";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { importsMessages, reasonLine } from "../texts/imports";
import { IMPORT_JOB, wakeWorkers } from "@/lib/jobs/queue";
import { parseStoredReason, reasonMessage, reasonText } from "../schemas/reasons";
import type { CreateImportInput, ImportMappingValues, ImportView, StartImportInput } from "../schemas/imports";
import { ImportMappingSchema } from "../schemas/imports";
import {
  assertObjectInScope,
  assertWritableCompany,
  inScopeWhere,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";
import { expireStaleUploads } from "./expiry";
import { checkFile, importFormat, removeFile, saveUpload } from "./files";
import { previewRows, readColumns, suggestMapping } from "./rows";
import { runImportRound } from "./run";
import { undoRun } from "./undo";
import { CSV_OPTIONS } from "@/modules/lists/services/subscribers-export";
import { listInScope } from "@/modules/lists/services/lists";

type Run = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["importRun"]["findUnique"]>>>;

const KIND_ACCESS = {
  MEMBER: { module: "member", permission: "MEMBER.U" },
  SUBSCRIBER: { module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" },
} as const;

/** The run, if the caller may see it (the kind's module, the company in scope); 404 `import not found` otherwise. */
async function runInScope(caller: Caller, id: number, write = false): Promise<Run> {
  const run = await db().importRun.findUnique({ where: { id } });
  if (!run) throw new NotFound("import not found");
  const access = KIND_ACCESS[run.kind as keyof typeof KIND_ACCESS];
  requireModule(caller, access.module);
  await assertObjectInScope(caller, run.organizationId, "import not found");
  if (write) requirePermission(caller, access.permission);
  return run;
}

async function rememberedMapping(organizationId: string, kind: string): Promise<ImportMappingValues | null> {
  const row = await db().importMapping.findUnique({ where: { organizationId_kind: { organizationId, kind } } });
  const parsed = row ? ImportMappingSchema.safeParse(JSON.parse(row.mapping)) : null;
  return parsed?.success ? parsed.data : null;
}

async function importView(run: Run): Promise<z.output<typeof ImportView>> {
  const uploaded = run.status === "UPLOADED" && run.filePath;
  const columns = uploaded ? await readColumns(run.filePath!, run.format as "CSV" | "XLSX") : [];
  const mapping = run.mapping
    ? JSON.parse(run.mapping)
    : suggestMapping(columns, await rememberedMapping(run.organizationId, run.kind));
  return {
    id: run.id,
    kind: run.kind as "MEMBER" | "SUBSCRIBER",
    company_id: run.organizationId,
    list_id: run.listId,
    status: run.status as z.output<typeof ImportView>["status"],
    file_name: run.fileName,
    file_size: run.fileSize,
    columns,
    mapping,
    consent_source: run.consentSource,
    rows_read: run.rowsRead,
    added: run.added,
    updated: run.updated,
    skipped: run.skipped,
    undo_removable: run.status === "DONE" ? run.added + run.updated : 0,
    undo_removed: run.undoRemoved,
    undo_kept: run.undoKept,
    error: run.error,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    undone_at: run.undoneAt?.toISOString() ?? null,
  };
}

/** POST /v3/imports: the file (the request body) is stored and its header read; nothing is imported yet. */
export async function createImport(
  caller: Caller,
  input: CreateImportInput,
  contentType: string | null,
  body: ReadableStream<Uint8Array> | null,
) {
  let organizationId: string;
  if (input.kind === "MEMBER") {
    await assertWritableCompany(caller, input.company_id!, "member", "MEMBER.U");
    organizationId = input.company_id!;
  } else {
    const list = await listInScope(caller, input.list_id!);
    requirePermission(caller, "SUBSCRIPTION_LIST.U");
    organizationId = list.companyId;
  }
  const format = importFormat(contentType);
  expireStaleUploads();
  const { filePath, size } = await saveUpload(body);
  const { columns } = await checkFile(filePath, format).catch(async (error) => {
    await removeFile(filePath);
    throw error;
  });
  if (columns.filter(Boolean).length === 0) {
    await removeFile(filePath);
    throw new ValidationFailed({ body: ["the file has no header row"] });
  }
  const run = await db().importRun.create({
    data: {
      organizationId,
      kind: input.kind,
      listId: input.list_id ?? null,
      status: "UPLOADED",
      fileName: input.file_name,
      format,
      fileSize: size,
      filePath,
      actor: caller.actor,
    },
  });
  return importView(run);
}

function assertUploaded(run: Run) {
  if (run.status !== "UPLOADED" || !run.filePath)
    throw new Conflict(`import is ${run.status}: only an UPLOADED import can be previewed or started`);
}

/** POST /v3/imports/{id}/preview: the first rows as mapped and the problems of the whole file. */
export async function previewImport(caller: Caller, id: number, mapping: ImportMappingValues) {
  const run = await runInScope(caller, id);
  assertUploaded(run);
  return previewRows(run.filePath!, run.format as "CSV" | "XLSX", mapping);
}

/** POST /v3/imports/{id}/start: remembers the mapping for the organization and queues the run. */
export async function startImport(caller: Caller, id: number, input: StartImportInput) {
  const run = await runInScope(caller, id, true);
  assertUploaded(run);
  if (run.kind === "SUBSCRIBER" && !input.consent_source)
    throw new ValidationFailed({ consent_source: ["required for a SUBSCRIBER import"] });
  const columns = await readColumns(run.filePath!, run.format as "CSV" | "XLSX");
  const missing = Object.entries(input.mapping).filter(([, header]) => !columns.includes(header));
  if (missing.length)
    throw new ValidationFailed(
      Object.fromEntries(
        missing.map(([field, header]) => [`mapping.${field}`, [reasonMessage({ code: "no_column", field, header })]]),
      ),
    );
  const mapping = JSON.stringify(input.mapping);
  const started = await db().$transaction(async (tx) => {
    const queued = await tx.importRun.updateMany({
      where: { id, status: "UPLOADED" },
      data: { status: "QUEUED", mapping, consentSource: run.kind === "SUBSCRIBER" ? input.consent_source! : null },
    });
    if (queued.count === 0) throw new Conflict("import is already started");
    await tx.importMapping.upsert({
      where: { organizationId_kind: { organizationId: run.organizationId, kind: run.kind } },
      create: { organizationId: run.organizationId, kind: run.kind, mapping },
      update: { mapping },
    });
    await recordAudit(tx, caller, {
      action: "import.start",
      objectType: run.kind === "MEMBER" ? "company" : "subscription_list",
      objectId: run.kind === "MEMBER" ? run.organizationId : run.listId!,
      companyId: run.organizationId,
      summary: `import ${run.id} (${run.fileName})${run.kind === "SUBSCRIBER" ? `; consent: ${input.consent_source}` : ""}`,
    });
    return tx.importRun.findUniqueOrThrow({ where: { id } });
  });
  await wakeImportWorker();
  return importView(started);
}

/** This process's workers, or without them (workers off here) a run of the rounds in this process. */
async function wakeImportWorker(): Promise<void> {
  if (await wakeWorkers(IMPORT_JOB)) return;
  const owner = `request:${process.pid}:${Date.now()}`;
  void (async () => {
    while (await runImportRound(owner, () => false));
  })();
}

/** GET /v3/imports/{id}. */
export async function getImport(caller: Caller, id: number) {
  return importView(await runInScope(caller, id));
}

/** GET /v3/imports: the 50 newest imports of companies in scope, of the kinds whose module the caller has. */
export async function listImports(caller: Caller) {
  const kinds = Object.entries(KIND_ACCESS)
    .filter(([, a]) => caller.modules.has(a.module))
    .map(([kind]) => kind);
  const scope = await inScopeWhere(caller);
  const runs = await db().importRun.findMany({
    where: { kind: { in: kinds }, ...(scope.companyId ? { organizationId: scope.companyId } : {}) },
    orderBy: { id: "desc" },
    take: 50,
  });
  // Without the file: the list does not read every upload's header.
  return Promise.all(runs.map((run) => importView({ ...run, filePath: null })));
}

/** POST /v3/imports/{id}/undo. */
export async function undoImport(caller: Caller, id: number) {
  return undoRun(caller, await runInScope(caller, id, true));
}

const RESULT_BATCH = 2000;

/**
 * GET /v3/imports/{id}/result: every row's outcome as CSV for Swedish Excel, the reason in English with its code in a
 * last column (`Kod`) for integrators. With a language (the dashboard's file): the reason in that language, no code.
 */
export async function importResultCsv(caller: Caller, id: number, lang?: Lang) {
  const run = await runInScope(caller, id);
  const messages = importsMessages(lang ?? "sv");
  const t = messages.result;
  // A run made before reasons had codes stored the English text: it is shown as it is.
  const reasonCells = (stored: string | null) => {
    const reason = parseStoredReason(stored);
    if (lang) return [reason ? reasonLine(messages, reason) : stored];
    return [reason ? reasonText(reason) : stored, reason?.code ?? ""];
  };
  async function* lines(): AsyncGenerator<string> {
    yield stringify([[t.row, t.email, t.outcome, t.reason, t.memberId, ...(lang ? [] : [t.code])]], {
      ...CSV_OPTIONS,
      bom: true,
    });
    let after = 0;
    for (;;) {
      const rows = await db().importRow.findMany({
        where: { runId: run.id, rowNumber: { gt: after } },
        orderBy: { rowNumber: "asc" },
        take: RESULT_BATCH,
      });
      if (rows.length === 0) return;
      yield stringify(
        rows.map((r) => {
          const [reason, ...code] = reasonCells(r.reason);
          return [
            String(r.rowNumber),
            r.email,
            t.outcomes[r.outcome as keyof typeof t.outcomes] ?? r.outcome,
            reason,
            r.memberId === null ? "" : String(r.memberId),
            ...code,
          ];
        }),
        CSV_OPTIONS,
      );
      after = rows[rows.length - 1].rowNumber;
    }
  }
  return { filename: `${t.filename}-${run.id}.csv`, lines: lines() };
}
