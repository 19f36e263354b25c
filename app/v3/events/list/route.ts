// GET /v3/events/list?company_id=: a company's events by start time
import { route } from "@/lib/http/route";
import { listEvents } from "@/lib/services/events";
import { EventListQuery } from "@/lib/validation/event";

export const GET = route({ auth: "bearer", module: "event", query: EventListQuery }, async ({ caller, query }) => listEvents(caller, query));
