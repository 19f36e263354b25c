// GET /v3/lok-report/settings?company_id=: a company's LOK-stöd thresholds
// PUT /v3/lok-report/settings: set a company's own thresholds
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { getLokSettings, updateLokSettings } from "@/modules/activities/services/lok-report";

export const GET = route(api.getLokSettings, async ({ caller, query }) => getLokSettings(caller, query.company_id));

export const PUT = route(api.updateLokSettings, async ({ caller, body }) => updateLokSettings(caller, body));
