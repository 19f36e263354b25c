// Occasion shapes (module `activity`): an activity's occasions, moved, added or cancelled by hand, and the attendance
// of one. One definition for the /v3 API, the services and the OpenAPI document; imports no server code.
import { z } from "zod";
import { Instant } from "@/modules/events/schemas/event";
import { clearableText, IntId } from "@/lib/validation/common";
import { Minutes } from "./activity";

const ATTENDANCE_STATUSES = ["PRESENT", "ABSENT", "EXCUSED"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
const OCCASION_STATUSES = ["SCHEDULED", "CANCELLED"] as const;
/** The most records one attendance request holds: a large group with its leaders. */
const MAX_RECORDS = 500;

export const OccasionListQuery = z.object({
  from: Instant.optional().meta({ description: "Only occasions starting at or after this instant." }),
  to: Instant.optional().meta({ description: "Only occasions starting before this instant." }),
});

export const OccasionView = z
  .object({
    id: z.number().int(),
    activity_id: z.number().int(),
    starts_at: z.string(),
    ends_at: z.string(),
    duration_minutes: z.number().int(),
    location: z.string().nullable(),
    status: z.enum(OCCASION_STATUSES),
    planned: z.boolean().meta({ description: "Made by the schedule (false: added by hand)." }),
    moved: z.boolean().meta({ description: "Its start is not the one the schedule gave." }),
  })
  .meta({ id: "Occasion" });

export const AddOccasionRequest = z
  .object({ starts_at: Instant, duration_minutes: Minutes, location: clearableText(500) })
  .meta({ id: "AddOccasionRequest" });
export type AddOccasionInput = z.output<typeof AddOccasionRequest>;

export const UpdateOccasionRequest = z
  .object({
    starts_at: Instant.optional(),
    duration_minutes: Minutes.optional(),
    location: clearableText(500),
    status: z.enum(OCCASION_STATUSES, { error: "must be SCHEDULED or CANCELLED" }).optional(),
  })
  .meta({ id: "UpdateOccasionRequest", description: "Fields left out are unchanged." });
export type UpdateOccasionInput = z.output<typeof UpdateOccasionRequest>;

const AttendanceRecordInput = z.object({
  member_id: IntId,
  status: z.enum(ATTENDANCE_STATUSES, { error: "must be PRESENT, ABSENT or EXCUSED" }),
});

export const RecordAttendanceRequest = z
  .object({
    attendance: z
      .array(AttendanceRecordInput, { error: "must be an array of {member_id, status}" })
      .min(1, { error: "must have at least one record" })
      .max(MAX_RECORDS, { error: `must have at most ${MAX_RECORDS} records` })
      .refine((records) => new Set(records.map((r) => r.member_id)).size === records.length, {
        error: "must name each member once",
      }),
  })
  .meta({ id: "RecordAttendanceRequest" });
export type RecordAttendanceInput = z.output<typeof RecordAttendanceRequest>["attendance"];

const AttendanceView = z
  .object({
    member_id: z.number().int(),
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    role: z.enum(["PARTICIPANT", "LEADER"]),
    status: z.enum(ATTENDANCE_STATUSES).nullable().meta({ description: "Null: not recorded yet." }),
    recorded_at: z.string().nullable(),
    recorded_by: z.string().nullable(),
    changes: z.number().int().meta({ description: "How many times it was recorded with a new status." }),
  })
  .meta({ id: "Attendance" });

export const OccasionDetail = OccasionView.extend({
  attendance: z.array(AttendanceView).meta({
    description: "Leaders, then participants: everyone enrolled now, and anyone else recorded on this occasion.",
  }),
}).meta({ id: "OccasionWithAttendance" });
