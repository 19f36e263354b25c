// POST /v3/events: create an event
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/event";
import { createEvent } from "@/lib/services/events";

export const POST = route(api.createEvent, async ({ caller, body }) => createEvent(caller, body));
