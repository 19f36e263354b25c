// GET /admin/api/lists/{id}/subscribers.csv?status=&q=: the list's subscribers as a CSV download for Excel, with the
// table's filters, in the staff member's language. The lines are streamed as the database batches arrive
// (pull-driven, so a slow client slows the reads and memory stays flat however long the list); scope is checked
// before the first byte, so refusals are ordinary errors.
import { route } from "@/lib/http/route";
import { adminLanguage } from "@/lib/i18n/admin-language";
import * as api from "@/lib/operations/dashboard-lists";
import { subscribersCsv } from "@/lib/services/subscribers-export";

export const GET = route(
  api.dashboardListSubscribersCsv,
  async ({ caller, params, query }) => {
    const { filename, lines } = await subscribersCsv(caller, params.id, query, await adminLanguage());
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
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${filename}"`,
        "x-content-type-options": "nosniff",
      },
    });
  },
);
