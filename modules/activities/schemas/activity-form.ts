// The dashboard's activity form as staff fill it in (numbers and dates as typed, the weekly rules as rows) and its
// values as the body of POST/PUT /v3/activities (without company_id). Imports no server code.
import { z } from "zod";
import { requiredText } from "@/lib/validation/common";
import { TimeZone } from "@/modules/events/schemas/event";
import { LocalDate } from "./activity";

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const digits = (max: number) => z.string().regex(/^\d*$/, { error: "must be an integer" }).max(max);

const RuleRow = z
  .object({
    weekday: z.string().regex(/^[1-7]$/, { error: "required" }),
    start_time: z.string().regex(TIME, { error: "must be a time, e.g. 18:00" }),
    duration_minutes: z.string().regex(/^\d{1,4}$/, { error: "required" }),
    from: LocalDate,
    to: LocalDate,
  })
  .refine((r) => !/^\d{4}-\d{2}-\d{2}$/.test(r.from) || !/^\d{4}-\d{2}-\d{2}$/.test(r.to) || r.to >= r.from, {
    error: "must be on or after from",
    path: ["to"],
  });

export const ActivityForm = z.object({
  name: requiredText(200),
  description: z.string().max(5000, { error: "must be at most 5000 characters" }),
  location: z.string().max(500, { error: "must be at most 500 characters" }),
  birth_year_from: digits(4),
  birth_year_to: digits(4),
  capacity: digits(5),
  time_zone: TimeZone,
  skip_holidays: z.boolean(),
  signup_open: z.boolean(),
  /** Dates without occasions, one per line or separated by commas or spaces. */
  except_dates: z
    .string()
    .max(4000, { error: "must be at most 4000 characters" })
    .refine((text) => exceptDatesOf(text).every((d) => LocalDate.safeParse(d).success), {
      error: "must be dates, e.g. 2026-10-27",
    }),
  schedule: z.array(RuleRow).max(14),
});
export type ActivityFormValues = z.input<typeof ActivityForm>;
export type RuleRowValues = z.input<typeof RuleRow>;

function exceptDatesOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

const numberOrNull = (text: string) => (text === "" ? null : Number(text));

/** The form's values as the body of POST/PUT /v3/activities (without company_id and leaders). */
export function activityBodyOf(values: ActivityFormValues) {
  return {
    name: values.name,
    description: values.description,
    location: values.location,
    birth_year_from: numberOrNull(values.birth_year_from),
    birth_year_to: numberOrNull(values.birth_year_to),
    capacity: numberOrNull(values.capacity),
    skip_holidays: values.skip_holidays,
    signup_open: values.signup_open,
    except_dates: exceptDatesOf(values.except_dates),
    schedule: values.schedule.map((r) => ({
      weekday: Number(r.weekday),
      start_time: r.start_time,
      duration_minutes: Number(r.duration_minutes),
      from: r.from,
      to: r.to,
    })),
  };
}
