// GET /admin/api/lok-report?company_id=&from=&to=&lang=: a company's LOK-stöd report
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { lokReport } from "@/modules/activities/services/lok-report";

export const GET = route(api.dashboardLokReport, async ({ caller, query }) => lokReport(caller, query));
