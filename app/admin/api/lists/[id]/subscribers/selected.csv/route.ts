// GET /admin/api/lists/{id}/subscribers/selected.csv?member_ids=: the picked subscribers as the list's CSV download.
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/modules/lists/operations/dashboard-tools";
import { selectedSubscribersCsv } from "@/modules/lists/services/subscriber-bulk";

export const GET = route(api.dashboardListSelectedSubscribersCsv, async ({ caller, params, query }) => {
  const { filename, lines } = await selectedSubscribersCsv(caller, params.id, query.member_ids, await adminLanguage());
  return csvDownload(filename, lines);
});
