// GET /v3/lok-report.csv?company_id=&from=&to=: the LOK-stöd report as CSV
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { lokReport, lokReportCsv } from "@/modules/activities/services/lok-report";

export const GET = route(api.getLokReportCsv, async ({ caller, query }) => {
  const csv = lokReportCsv(await lokReport(caller, query), query.lang);
  const name = `lok-${query.from}-${query.to}.csv`;
  return new Response(csv, {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"` },
  });
});
