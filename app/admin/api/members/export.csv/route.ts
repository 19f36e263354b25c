// GET /admin/api/members/export.csv?ids=1,2,3 | ?matching=<the member screen's search>: the selected members as a CSV
// download for Excel, in the staff member's language, streamed batch by batch; the selection is resolved in the
// caller's scope before the first byte, so refusals are ordinary errors.
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/lib/operations/dashboard-members";
import { membersCsv } from "@/lib/services/member-bulk";

export const GET = route(api.dashboardMembersExportCsv, async ({ caller, query }) => {
  const { filename, lines } = await membersCsv(caller, query, await adminLanguage());
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${filename}"`, "x-content-type-options": "nosniff" },
  });
});
