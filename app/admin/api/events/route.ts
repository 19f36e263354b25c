// GET /admin/api/events?company_id=: a company's events (the same service as /v3/events/list)
import { route } from "@/lib/http/route";
import { listEvents } from "@/lib/services/events";
import { EventListQuery } from "@/lib/validation/event";

export const GET = route({ auth: "session", module: "event", query: EventListQuery }, async ({ caller, query }) => listEvents(caller, query));
