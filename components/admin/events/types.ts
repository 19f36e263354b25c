// Shapes the event screens read and the server actions they call (passed down from the pages).
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type { OkResponse } from "@/lib/validation/common";
import type { CreateEventRequest, EventDetail, EventView, UpdateEventRequest } from "@/lib/validation/event";

export type EventRow = z.infer<typeof EventView>;
export type EventWithParticipants = z.infer<typeof EventDetail>;

export interface EventActions {
  createEvent: (input: z.input<typeof CreateEventRequest>) => Promise<ActionResult<EventRow>>;
  updateEvent: (input: { id: number; event: z.input<typeof UpdateEventRequest> }) => Promise<ActionResult<EventRow>>;
  deleteEvent: (input: { id: number }) => Promise<ActionResult<z.infer<typeof OkResponse>>>;
  registerParticipant: (input: { id: number; member_id: number }) => Promise<ActionResult<EventWithParticipants>>;
  unregisterParticipant: (input: { id: number; member_id: number }) => Promise<ActionResult<EventWithParticipants>>;
}

/** "5 dec. 2026 18:00" in the event's own zone (the API already wrote the time there). */
export function eventTime(iso: string | null, lang: string): string {
  if (!iso) return "–";
  const [date, time] = iso.split("T");
  const day = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "sv-SE", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
  return `${day} ${time.slice(0, 5)}`;
}
