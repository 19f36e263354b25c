"use server";
// The event screens' writes (event module, EVENT.U): the same services as /v3/events.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import {
  createEvent,
  deleteEvent,
  registerParticipant,
  unregisterParticipant,
  updateEvent,
} from "@/modules/events/services/events";
import { CreateEventRequest, EventParticipant, UpdateEventRequest } from "@/modules/events/schemas/event";
import { IntId } from "@/lib/validation/common";

export const createEventAction = action(
  { auth: "session", module: "event", permission: "EVENT.U", input: CreateEventRequest },
  async (input, { caller }) => createEvent(caller, input),
);

export const updateEventAction = action(
  {
    auth: "session",
    module: "event",
    permission: "EVENT.U",
    input: z.object({ id: IntId, event: UpdateEventRequest }),
  },
  async ({ id, event }, { caller }) => updateEvent(caller, id, event),
);

export const deleteEventAction = action(
  { auth: "session", module: "event", permission: "EVENT.U", input: z.object({ id: IntId }) },
  async ({ id }, { caller }) => deleteEvent(caller, id),
);

export const registerParticipantAction = action(
  { auth: "session", module: "event", permission: "EVENT.U", input: EventParticipant },
  async ({ id, member_id }, { caller }) => registerParticipant(caller, id, member_id),
);

export const unregisterParticipantAction = action(
  { auth: "session", module: "event", permission: "EVENT.U", input: EventParticipant },
  async ({ id, member_id }, { caller }) => unregisterParticipant(caller, id, member_id),
);
