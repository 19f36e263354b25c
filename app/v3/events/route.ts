// POST /v3/events: create an event
import { route } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { createEvent } from "@/lib/services/events";
import { CreateEventRequest } from "@/lib/validation/event";

export const POST = route(
  { auth: "bearer", module: "event", permission: "EVENT.U", body: CreateEventRequest },
  async ({ caller, body }) => json(await createEvent(caller, body), 201),
);
