// GET /admin/api/lok-report/settings?company_id=: a company's LOK-stöd thresholds
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { getLokSettings } from "@/modules/activities/services/lok-report";

export const GET = route(api.dashboardLokSettings, async ({ caller, query }) =>
  getLokSettings(caller, query.company_id),
);
