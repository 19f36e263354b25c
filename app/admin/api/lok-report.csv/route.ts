// GET /admin/api/lok-report.csv?company_id=&from=&to=&lang=: the LOK-stöd report as a CSV download
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { lokReport, lokReportCsvResponse } from "@/modules/activities/services/lok-report";

export const GET = route(api.dashboardLokReportCsv, async ({ caller, query }) =>
  lokReportCsvResponse(await lokReport(caller, query), query),
);
