// GET /v3/lok-report?company_id=&from=&to=: the LOK-stöd report of a period
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { lokReport } from "@/modules/activities/services/lok-report";

export const GET = route(api.getLokReport, async ({ caller, query }) => lokReport(caller, query));
