// GET    /v3/events/{id}: one event with its participants
// PUT    /v3/events/{id}: update an event
// DELETE /v3/events/{id}: delete an event
import { z } from "zod";
import { route } from "@/lib/http/route";
import { deleteEvent, getEvent, updateEvent } from "@/lib/services/events";
import { UpdateEventRequest } from "@/lib/validation/event";
import { IntIdParam } from "@/lib/validation/common";

const params = z.object({ id: IntIdParam });

export const GET = route({ auth: "bearer", module: "event", params }, async ({ caller, params }) => getEvent(caller, params.id));

export const PUT = route(
  { auth: "bearer", module: "event", permission: "EVENT.U", params, body: UpdateEventRequest },
  async ({ caller, params, body }) => updateEvent(caller, params.id, body),
);

export const DELETE = route({ auth: "bearer", module: "event", permission: "EVENT.U", params }, async ({ caller, params }) =>
  deleteEvent(caller, params.id),
);
