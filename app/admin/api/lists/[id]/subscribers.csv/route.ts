// GET /admin/api/lists/{id}/subscribers.csv?status=&q=: the list's subscribers as a CSV download, with the table's
// filters. The lines are streamed as the database batches arrive (pull-driven, so a slow client slows the reads and
// memory stays flat however long the list); scope is checked before the first byte, so refusals are ordinary errors.
import { z } from "zod";
import { route } from "@/lib/http/route";
import { subscribersCsv } from "@/lib/services/subscribers";
import { SubscribersExportQuery } from "@/lib/validation/subscription";
import { IntIdParam } from "@/lib/validation/common";

export const GET = route(
  { auth: "session", params: z.object({ id: IntIdParam }), query: SubscribersExportQuery },
  async ({ caller, params, query }) => {
    const { filename, lines } = await subscribersCsv(caller, params.id, query);
    const encoder = new TextEncoder();
    // A byte-order mark, so spreadsheet programs read the UTF-8 (å, ä, ö) as such.
    let started = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode("\uFEFF"));
        }
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
