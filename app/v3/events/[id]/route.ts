// GET    /v3/events/{id}: one event with its participants
// PUT    /v3/events/{id}: update an event
// DELETE /v3/events/{id}: delete an event
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/api";
import { deleteEvent, getEvent, updateEvent } from "@/modules/events/services/events";

export const GET = route(api.getEvent, async ({ caller, params }) => getEvent(caller, params.id));

export const PUT = route(api.updateEvent, async ({ caller, params, body }) => updateEvent(caller, params.id, body));

export const DELETE = route(api.deleteEvent, async ({ caller, params }) => deleteEvent(caller, params.id));
