// GET /admin/api/events?company_id=: a company's events (the same service as /v3/events/list)
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/dashboard";
import { listEvents } from "@/modules/events/services/events";

export const GET = route(api.dashboardEvents, async ({ caller, query }) => listEvents(caller, query));
