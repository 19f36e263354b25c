// The dashboard's import screen (/admin/imports) through the import service, with the signed-in session: the upload
// (the file as the raw body, streamed like POST /v3/imports; a server action's body is capped at 1 MB), the mapping's
// preview, start, progress, the result file and undo. The POSTs are refused at the edge when their Origin names another
// site (lib/http/edge.ts refuseCrossSitePost), as the dashboard's server actions are.
import { z } from "zod";
import {
  CreateImportQuery,
  ImportPreview,
  ImportUndoResult,
  ImportView,
  PreviewImportRequest,
  StartImportRequest,
} from "../schemas/imports";
import {
  forbidden,
  notSignedIn,
  payloadTooLarge,
  reason,
  unsupportedMediaType,
  validation,
} from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const dashboardImport = operationsSharing({ auth: "session", tags: ["Dashboard"] });
const errors = { 400: validation, 401: notSignedIn, 403: forbidden, 404: reason("`import not found`") };
const wrongState = { 409: reason("`import is <status>: …`") };

export const dashboardCreateImport = dashboardImport({
  method: "post",
  path: "/imports",
  query: CreateImportQuery,
  summary: "Upload a file to import (the raw body, CSV or .xlsx, at most 50 MB)",
  responses: { 201: { description: "Uploaded", schema: ImportView } },
  errors: { ...errors, 404: reason("`list not found`"), 413: payloadTooLarge, 415: unsupportedMediaType },
});

export const dashboardListImports = dashboardImport({
  method: "get",
  path: "/imports",
  summary: "The recent imports of companies in scope",
  responses: { 200: { description: "The imports, newest first", schema: z.array(ImportView) } },
  errors: { 401: notSignedIn },
});

export const dashboardGetImport = dashboardImport({
  method: "get",
  path: "/imports/{id}",
  params: IdParams,
  summary: "An import and its progress",
  responses: { 200: { description: "The import", schema: ImportView } },
  errors,
});

export const dashboardPreviewImport = dashboardImport({
  method: "post",
  path: "/imports/{id}/preview",
  params: IdParams,
  body: PreviewImportRequest,
  summary: "The first rows as mapped and the file's problems",
  responses: { 200: { description: "The preview", schema: ImportPreview } },
  errors: { ...errors, ...wrongState },
});

export const dashboardStartImport = dashboardImport({
  method: "post",
  path: "/imports/{id}/start",
  params: IdParams,
  body: StartImportRequest,
  summary: "Start an import",
  responses: { 200: { description: "The import, QUEUED", schema: ImportView } },
  errors: { ...errors, ...wrongState },
});

export const dashboardImportResultCsv = dashboardImport({
  method: "get",
  path: "/imports/{id}/result.csv",
  params: IdParams,
  summary: "Every row's outcome as CSV for Excel, in the staff member's language",
  responses: { 200: { description: "CSV, streamed", contentType: "text/csv" } },
  errors,
});

export const dashboardUndoImport = dashboardImport({
  method: "post",
  path: "/imports/{id}/undo",
  params: IdParams,
  summary: "Undo a DONE import",
  responses: { 200: { description: "What was undone", schema: ImportUndoResult } },
  errors: { ...errors, ...wrongState },
});
