// GET /admin/api/lists/{id}/subscribers.csv?status=&q=: the list's subscribers as a CSV download for Excel, with the
// table's filters, in the staff member's language. The lines are streamed as the database batches arrive
// (pull-driven, so a slow client slows the reads and memory stays flat however long the list); scope is checked
// before the first byte, so refusals are ordinary errors.
import { csvDownload } from "@/lib/http/csv-download";
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/modules/lists/operations/dashboard";
import { subscribersCsv } from "@/modules/lists/services/subscribers-export";

export const GET = route(api.dashboardListSubscribersCsv, async ({ caller, params, query }) => {
  const { filename, lines } = await subscribersCsv(caller, params.id, query, await adminLanguage());
  return csvDownload(filename, lines);
});
