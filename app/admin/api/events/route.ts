// GET /admin/api/events?company_id=: a company's events (the same service as /v3/events/list)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-events";
import { listEvents } from "@/lib/services/events";

export const GET = route(api.dashboardEvents, async ({ caller, query }) => listEvents(caller, query));
