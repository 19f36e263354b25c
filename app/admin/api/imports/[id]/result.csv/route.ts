// GET /admin/api/imports/{id}/result.csv: every row's outcome as CSV for Excel, in the staff member's language
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/modules/imports/operations/dashboard";
import { importResultCsv } from "@/modules/imports/services/imports";

export const GET = route(api.dashboardImportResultCsv, async ({ caller, params }) => {
  const { filename, lines } = await importResultCsv(caller, params.id, await adminLanguage());
  return csvDownload(filename, lines);
});
