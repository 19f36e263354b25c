// Shapes the event screens read and the server actions they call (passed down from the pages).
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type { OkResponse } from "@/lib/validation/common";
import type { CreateEventRequest, EventDetail, EventView, UpdateEventRequest } from "@/modules/events/schemas/event";

export type EventRow = z.infer<typeof EventView>;
export type EventWithParticipants = z.infer<typeof EventDetail>;

export interface EventActions {
  createEvent: (input: z.input<typeof CreateEventRequest>) => Promise<ActionResult<EventRow>>;
  updateEvent: (input: { id: number; event: z.input<typeof UpdateEventRequest> }) => Promise<ActionResult<EventRow>>;
  deleteEvent: (input: { id: number }) => Promise<ActionResult<z.infer<typeof OkResponse>>>;
  registerParticipant: (input: { id: number; member_id: number }) => Promise<ActionResult<EventWithParticipants>>;
  unregisterParticipant: (input: { id: number; member_id: number }) => Promise<ActionResult<EventWithParticipants>>;
}
