// GET /v3/lok-report.csv?company_id=&from=&to=: the LOK-stöd report as CSV
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { lokReport, lokReportCsvResponse } from "@/modules/activities/services/lok-report";

export const GET = route(api.getLokReportCsv, async ({ caller, query }) =>
  lokReportCsvResponse(await lokReport(caller, query), query),
);
