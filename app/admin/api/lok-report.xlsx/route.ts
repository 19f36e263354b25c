// GET /admin/api/lok-report.xlsx?company_id=&from=&to=&lang=: the LOK-stöd report as an Excel download
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { lokReport } from "@/modules/activities/services/lok-report";
import { lokReportXlsxResponse } from "@/modules/activities/services/lok-workbook";

export const GET = route(api.dashboardLokReportXlsx, async ({ caller, query }) =>
  lokReportXlsxResponse(await lokReport(caller, query), query),
);
