// GET /admin/api/members/export.csv?ids=1,2,3 | ?matching=<the member screen's search>: the selected members as a CSV
// download for Excel, in the staff member's language, streamed batch by batch; the selection is resolved in the
// caller's scope before the first byte, so refusals are ordinary errors.
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/modules/members/operations/dashboard";
import { membersCsv } from "@/modules/members/services/bulk";

export const GET = route(api.dashboardMembersExportCsv, async ({ caller, query }) => {
  const { filename, lines } = await membersCsv(caller, query, await adminLanguage());
  return csvDownload(filename, lines);
});
