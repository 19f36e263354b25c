// Event shapes (spec 4.3). Times travel as ISO 8601 with an offset and are written back in the event's own time zone,
// so an integrator reads "2026-12-05T18:00:00+01:00" for an evening in Stockholm whatever zone the server runs in.
import { TZDate } from "@date-fns/tz";
// From its own module: date-fns's index loads all 300 of its modules (3 MB of heap in every server process).
import { formatISO } from "date-fns/formatISO";
import { z } from "zod";
import { clearableText, CompanyId, IntId, IntIdParam, requiredText } from "@/lib/validation/common";

export const DEFAULT_EVENT_TIME_ZONE = "Europe/Stockholm";

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** An instant in an IANA time zone as ISO 8601 with that zone's offset, to the second. */
export function formatInZone(instant: Date, timeZone: string): string {
  return formatISO(new TZDate(instant, timeZone));
}

export const Instant = z
  .string({ error: "must be a date-time with offset, e.g. 2026-12-05T18:00:00+01:00" })
  .pipe(z.iso.datetime({ offset: true, error: "must be a date-time with offset, e.g. 2026-12-05T18:00:00+01:00" }))
  .transform((value) => new Date(value));

export const TimeZone = z
  .string({ error: "must be an IANA time zone, e.g. Europe/Stockholm" })
  .max(64)
  .refine(isTimeZone, { error: "must be an IANA time zone, e.g. Europe/Stockholm" });

const name = requiredText(200);
const capacity = z
  .number({ error: "must be an integer" })
  .int({ error: "must be an integer" })
  .min(1, { error: "must be at least 1" })
  .max(1_000_000, { error: "must be at most 1000000" })
  .nullable()
  .optional()
  .meta({ description: "Most participants; null or left out: no limit." });

// zod runs an object's refinement even when a field failed a format check (then holding the raw input): compare
// only two parsed dates.
const endsAfterStarts = (e: { starts_at?: unknown; ends_at?: unknown }) =>
  !(e.starts_at instanceof Date) || !(e.ends_at instanceof Date) || e.ends_at > e.starts_at;
const endsAfterStartsIssue = { error: "must be after starts_at", path: ["ends_at"] };

export const CreateEventRequest = z
  .object({
    company_id: CompanyId,
    name,
    description: clearableText(5000),
    location: clearableText(500),
    starts_at: Instant,
    ends_at: Instant,
    time_zone: TimeZone.default(DEFAULT_EVENT_TIME_ZONE).meta({
      description: "How the event's times are written back (default Europe/Stockholm).",
    }),
    capacity,
  })
  .refine(endsAfterStarts, endsAfterStartsIssue)
  .meta({ id: "CreateEventRequest" });
export type CreateEventInput = z.output<typeof CreateEventRequest>;

export const UpdateEventRequest = z
  .object({
    name: name.optional(),
    description: clearableText(5000),
    location: clearableText(500),
    starts_at: Instant.optional(),
    ends_at: Instant.optional(),
    time_zone: TimeZone.optional(),
    capacity,
  })
  .refine(endsAfterStarts, endsAfterStartsIssue)
  .meta({ id: "UpdateEventRequest", description: "Fields left out are unchanged. The end must stay after the start." });
export type UpdateEventInput = z.output<typeof UpdateEventRequest>;

export const EventListQuery = z.object({
  company_id: CompanyId,
  from: z.iso
    .datetime({ offset: true, error: "must be a date-time with offset" })
    .optional()
    .meta({ description: "Only events ending at or after this instant." }),
});
export type EventListQueryInput = z.output<typeof EventListQuery>;

export const RegisterParticipantRequest = z.object({ member_id: IntId }).meta({ id: "RegisterParticipantRequest" });
/** A participant named by numbers (dashboard actions) and by its path (`/events/{id}/participants/{member_id}`). */
export const EventParticipant = z.object({ id: IntId, member_id: IntId });
export const EventParticipantParams = z.object({ id: IntIdParam, member_id: IntIdParam });

export const EventView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    time_zone: z.string(),
    capacity: z.number().int().nullable(),
    participant_count: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: "Event" });

const EventParticipantView = z
  .object({
    member_id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    email: z.string().nullable(),
    registered_at: z.string(),
  })
  .meta({ id: "EventParticipant" });

export const EventDetail = EventView.extend({ participants: z.array(EventParticipantView) }).meta({
  id: "EventWithParticipants",
});

// ------------------------------------------------------------------ the dashboard's event form

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Wall-clock time in `timeZone` ("2026-12-05T18:00" from a datetime-local input) as ISO 8601 with that zone's offset. */
export function zonedIso(local: string, timeZone: string): string {
  const [date, time] = local.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return formatISO(new TZDate(y, m - 1, d, h, min, timeZone));
}

/** The wall-clock part of an event time the API wrote in the event's zone, for a datetime-local input. */
export function localPart(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

/** The event form as staff fill it in: wall-clock times in the event's zone, capacity as typed. */
export const EventForm = z
  .object({
    name,
    description: z.string().max(5000, { error: "must be at most 5000 characters" }),
    location: z.string().max(500, { error: "must be at most 500 characters" }),
    starts_local: z.string().regex(LOCAL_DATE_TIME, { error: "required" }),
    ends_local: z.string().regex(LOCAL_DATE_TIME, { error: "required" }),
    time_zone: TimeZone,
    capacity: z.string().regex(/^\d*$/, { error: "must be an integer" }).max(7),
  })
  .refine(
    (f) =>
      !LOCAL_DATE_TIME.test(f.starts_local) || !LOCAL_DATE_TIME.test(f.ends_local) || f.ends_local > f.starts_local,
    {
      error: "must be after starts_at",
      path: ["ends_local"],
    },
  );
export type EventFormValues = z.input<typeof EventForm>;

/** The form's values as the body of POST/PUT /v3/events (without company_id). */
export function eventBodyOf(values: EventFormValues) {
  return {
    name: values.name,
    description: values.description,
    location: values.location,
    starts_at: zonedIso(values.starts_local, values.time_zone),
    ends_at: zonedIso(values.ends_local, values.time_zone),
    time_zone: values.time_zone,
    capacity: values.capacity === "" ? null : Number(values.capacity),
  };
}
