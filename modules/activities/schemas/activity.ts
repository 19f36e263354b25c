// Activity shapes (module `activity`): an activity with its weekly schedule, leaders and participants (its occasions
// and their attendance: occasion.ts). One definition for the /v3 API, the services and the OpenAPI document; imports
// no server code.
import { z } from "zod";
import { dateOfDay, epochDay } from "@/lib/calendar";
import { DEFAULT_EVENT_TIME_ZONE, TimeZone } from "@/modules/events/schemas/event";
import { clearableText, CompanyId, IntId, IntIdParam, requiredText } from "@/lib/validation/common";

const PARTICIPANT_STATUSES = ["WAITLIST", "ENROLLED", "LEFT"] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** Bounds of what one request may ask for: a schedule of a year at most, a few rules, a leader team, a group. */
const LIMITS = { rules: 14, ruleDays: 366, exceptDates: 200, leaders: 50 } as const;

/** A local date; one that rolls over (2026-02-30) is refused. */
export const LocalDate = z
  .string({ error: "must be a date, e.g. 2026-08-18" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date, e.g. 2026-08-18" })
  .refine((d) => dateOfDay(epochDay(d)) === d, { error: "must be a date, e.g. 2026-08-18" });

/** Days from one local date to another. */
export const daysBetween = (from: string, to: string) => epochDay(to) - epochDay(from);

export const Minutes = z
  .number({ error: "must be an integer" })
  .int({ error: "must be an integer" })
  .min(1, { error: "must be at least 1" })
  .max(1440, { error: "must be at most 1440" });

const WeeklyRuleInput = z
  .object({
    weekday: z
      .number({ error: "must be an integer from 1 (Monday) to 7 (Sunday)" })
      .int({ error: "must be an integer from 1 (Monday) to 7 (Sunday)" })
      .min(1, { error: "must be an integer from 1 (Monday) to 7 (Sunday)" })
      .max(7, { error: "must be an integer from 1 (Monday) to 7 (Sunday)" }),
    start_time: z
      .string({ error: "must be a time, e.g. 18:00" })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "must be a time, e.g. 18:00" }),
    duration_minutes: Minutes,
    from: LocalDate,
    to: LocalDate,
    location: clearableText(500),
  })
  .refine((r) => typeof r.from !== "string" || typeof r.to !== "string" || r.to >= r.from, {
    error: "must be on or after from",
    path: ["to"],
  })
  .refine(
    (r) => typeof r.from !== "string" || typeof r.to !== "string" || daysBetween(r.from, r.to) < LIMITS.ruleDays,
    {
      error: `must be less than ${LIMITS.ruleDays} days after from`,
      path: ["to"],
    },
  )
  .meta({
    id: "ActivityWeeklyRule",
    description:
      "Every `weekday` (ISO: 1 Monday ... 7 Sunday) from `from` to `to` (local dates, inclusive) at `start_time` " +
      "local time in the activity's time zone, for `duration_minutes`.",
  });

const BirthYear = z
  .number({ error: "must be a year" })
  .int({ error: "must be a year" })
  .min(1900, { error: "must be at least 1900" })
  .max(2100, { error: "must be at most 2100" })
  .nullable()
  .optional();

const capacity = z
  .number({ error: "must be an integer" })
  .int({ error: "must be an integer" })
  .min(1, { error: "must be at least 1" })
  .max(10_000, { error: "must be at most 10000" })
  .nullable()
  .optional()
  .meta({ description: "Most ENROLLED participants; more go on the waitlist. Null or left out: no limit." });

const activityFields = {
  name: requiredText(200),
  description: clearableText(5000),
  location: clearableText(500).meta({ description: "Where it is held, unless a rule or an occasion says otherwise." }),
  birth_year_from: BirthYear.meta({ description: "The oldest birth year the activity is for (e.g. 2016)." }),
  birth_year_to: BirthYear.meta({ description: "The youngest birth year the activity is for (e.g. 2018)." }),
  capacity,
  schedule: z
    .array(WeeklyRuleInput, { error: "must be an array of weekly rules" })
    .max(LIMITS.rules, { error: `must have at most ${LIMITS.rules} rules` }),
  except_dates: z
    .array(LocalDate, { error: "must be an array of dates" })
    .max(LIMITS.exceptDates, { error: `must have at most ${LIMITS.exceptDates} dates` })
    .meta({ description: "Local dates without occasions (a camp week, a sports holiday)." }),
  skip_holidays: z.boolean({ error: "must be true or false" }).meta({
    description: "Leave out Swedish public holidays and midsummer, Christmas and New Year's Eve (default true).",
  }),
  signup_open: z.boolean({ error: "must be true or false" }).meta({
    description:
      "Listed on the hosted sign-up page {site_url}/activities/<company uuid>, where guardians sign children up " +
      "(double opt-in by email). Default false.",
  }),
  leader_ids: z
    .array(IntId, { error: "must be an array of member ids" })
    .max(LIMITS.leaders, { error: `must have at most ${LIMITS.leaders} leaders` })
    .meta({ description: "Members who lead the activity (members of a company in your scope)." }),
};

const birthYearsInOrder = (a: { birth_year_from?: unknown; birth_year_to?: unknown }) =>
  typeof a.birth_year_from !== "number" || typeof a.birth_year_to !== "number" || a.birth_year_to >= a.birth_year_from;
const birthYearsIssue = { error: "must be the same as or after birth_year_from", path: ["birth_year_to"] };

export const CreateActivityRequest = z
  .object({
    company_id: CompanyId,
    ...activityFields,
    schedule: activityFields.schedule.default([]),
    except_dates: activityFields.except_dates.default([]),
    skip_holidays: activityFields.skip_holidays.default(true),
    signup_open: activityFields.signup_open.default(false),
    leader_ids: activityFields.leader_ids.default([]),
    time_zone: TimeZone.default(DEFAULT_EVENT_TIME_ZONE).meta({
      description: "The zone of the schedule's local times (default Europe/Stockholm).",
    }),
  })
  .refine(birthYearsInOrder, birthYearsIssue)
  .meta({ id: "CreateActivityRequest" });
export type CreateActivityInput = z.output<typeof CreateActivityRequest>;

export const UpdateActivityRequest = z
  .object({
    name: activityFields.name.optional(),
    description: activityFields.description,
    location: activityFields.location,
    birth_year_from: activityFields.birth_year_from,
    birth_year_to: activityFields.birth_year_to,
    capacity,
    schedule: activityFields.schedule.optional(),
    except_dates: activityFields.except_dates.optional(),
    skip_holidays: activityFields.skip_holidays.optional(),
    signup_open: activityFields.signup_open.optional(),
    leader_ids: activityFields.leader_ids.optional(),
  })
  .refine(birthYearsInOrder, birthYearsIssue)
  .meta({
    id: "UpdateActivityRequest",
    description:
      "Fields left out are unchanged. A new `schedule`, `except_dates` or `skip_holidays` plans the occasions again: " +
      "see the operation's description.",
  });
export type UpdateActivityInput = z.output<typeof UpdateActivityRequest>;

export const ActivityListQuery = z.object({ company_id: CompanyId });

const WeeklyRuleView = z.object({
  weekday: z.number().int(),
  start_time: z.string(),
  duration_minutes: z.number().int(),
  from: z.string(),
  to: z.string(),
  location: z.string().nullable(),
});

export const ActivityView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    birth_year_from: z.number().int().nullable(),
    birth_year_to: z.number().int().nullable(),
    capacity: z.number().int().nullable(),
    time_zone: z.string(),
    schedule: z.array(WeeklyRuleView),
    except_dates: z.array(z.string()),
    skip_holidays: z.boolean(),
    signup_open: z.boolean(),
    leader_ids: z.array(z.number().int()),
    enrolled_count: z.number().int(),
    waitlist_count: z.number().int(),
    occasion_count: z.number().int().meta({ description: "Occasions that are not cancelled." }),
    created_at: z.string(),
  })
  .meta({ id: "Activity" });

const ParticipantView = z
  .object({
    member_id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    birthdate: z.string().nullable(),
    status: z.enum(PARTICIPANT_STATUSES),
    waitlisted_at: z.string().nullable(),
    enrolled_at: z.string().nullable(),
    left_at: z.string().nullable(),
  })
  .meta({ id: "ActivityParticipant" });

export const ActivityDetail = ActivityView.extend({
  leaders: z.array(
    z.object({
      member_id: z.number().int(),
      firstname: z.string().nullable(),
      lastname: z.string().nullable(),
      birthdate: z.string().nullable(),
    }),
  ),
  participants: z
    .array(ParticipantView)
    .meta({ description: "Enrolled first, then the waitlist in its order, then those who left." }),
}).meta({ id: "ActivityWithParticipants" });

export const EnrollRequest = z.object({ member_id: IntId }).meta({ id: "EnrollParticipantRequest" });
export const ActivityParticipantParams = z.object({ id: IntIdParam, member_id: IntIdParam });
