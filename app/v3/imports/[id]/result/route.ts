// GET /v3/imports/{id}/result: every row's outcome as CSV for Excel
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/api";
import { importResultCsv } from "@/modules/imports/services/imports";

export const GET = route(api.getImportResult, async ({ caller, params }) => {
  const { filename, lines } = await importResultCsv(caller, params.id);
  return csvDownload(filename, lines);
});
