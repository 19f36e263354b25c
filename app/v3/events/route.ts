// POST /v3/events: create an event
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/api";
import { createEvent } from "@/modules/events/services/events";

export const POST = route(api.createEvent, async ({ caller, body }) => createEvent(caller, body));
