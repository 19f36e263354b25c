// GET /v3/lok-report.xlsx?company_id=&from=&to=: the LOK-stöd report as an Excel workbook
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { lokReport } from "@/modules/activities/services/lok-report";
import { lokReportXlsxResponse } from "@/modules/activities/services/lok-workbook";

export const GET = route(api.getLokReportXlsx, async ({ caller, query }) =>
  lokReportXlsxResponse(await lokReport(caller, query), query),
);
