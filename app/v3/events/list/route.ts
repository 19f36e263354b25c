// GET /v3/events/list?company_id=: a company's events by start time
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/api";
import { listEvents } from "@/modules/events/services/events";

export const GET = route(api.listEvents, async ({ caller, query }) => listEvents(caller, query));
