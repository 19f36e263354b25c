// /v3 activities: recurring group activities, their occasions, participants and attendance (an extension beyond the
// contract: module `activity`, permissions ACTIVITY.U and ATTENDANCE.U).
import { z } from "zod";
import {
  ActivityDetail,
  ActivityListQuery,
  ActivityParticipantParams,
  ActivityView,
  CreateActivityRequest,
  EnrollRequest,
  UpdateActivityRequest,
} from "../schemas/activity";
import {
  AddOccasionRequest,
  OccasionDetail,
  OccasionListQuery,
  OccasionView,
  RecordAttendanceRequest,
  UpdateOccasionRequest,
} from "../schemas/occasion";
import { LokReport, LokReportQuery, LokSettingsQuery, LokSettingsView, UpdateLokSettingsRequest } from "../schemas/lok";
import { CopyActivityRequest } from "../schemas/copy";
import { OkResponse } from "@/lib/validation/common";
import { bearerInputErrors, forbidden, reason, unauthorized, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const activityOperation = operationsSharing({ auth: "bearer", module: "activity", tags: ["Activities"] });
const notFound = reason("`activity not found`: no activity has this id, or it belongs to a company outside your scope");
const activityErrors = { 400: validation, 401: unauthorized, 403: forbidden, 404: notFound };
const occasionErrors = {
  ...activityErrors,
  404: reason("`occasion not found`: no occasion has this id, or its activity's company is outside your scope"),
};
const timeNote =
  "Times are ISO 8601 with an offset, written in the activity's `time_zone` (Europe/Stockholm unless set); the " +
  "schedule's times are local wall-clock times there, so 18:00 stays 18:00 across daylight saving.";
const planNote =
  "Occasions are planned from `schedule`: every weekday of each rule within its dates, less `except_dates` and, " +
  "unless `skip_holidays` is false, Swedish public holidays and midsummer, Christmas and New Year's Eve (computed " +
  "per year). At most 400 planned occasions (400 `schedule`).";

export const listActivities = activityOperation({
  method: "get",
  path: "/activities",
  query: ActivityListQuery,
  summary: "List a company's activities",
  description:
    "The activities of the company named by `company_id`, newest first, with their schedule and counts. The company " +
    "must be in your API key's scope (403 otherwise).",
  responses: { 200: { description: "The activities", schema: z.array(ActivityView) } },
  errors: { ...activityErrors, 404: reason("`company not found`: no company has the `company_id` given") },
});

export const createActivity = activityOperation({
  method: "post",
  path: "/activities",
  permission: "ACTIVITY.U",
  body: CreateActivityRequest,
  summary: "Create an activity",
  description:
    `Creates an activity of a company in your API key's scope, with its occasions and leaders. ${planNote} ` +
    "Leaders must be members of the activity's company (its own members, or with a membership there). " +
    timeNote,
  responses: { 201: { description: "Created", schema: ActivityDetail } },
  errors: bearerInputErrors,
});

export const getActivity = activityOperation({
  method: "get",
  path: "/activities/{id}",
  params: IdParams,
  summary: "Get an activity with its leaders and participants",
  description: "The activity, its leaders, and its participants: ENROLLED, then the WAITLIST in order, then LEFT.",
  responses: { 200: { description: "The activity", schema: ActivityDetail } },
  errors: activityErrors,
});

export const updateActivity = activityOperation({
  method: "put",
  path: "/activities/{id}",
  permission: "ACTIVITY.U",
  params: IdParams,
  body: UpdateActivityRequest,
  summary: "Update an activity",
  description:
    "Changes only the fields sent. `capacity` cannot go below the ENROLLED participants (400); a higher one enrolls " +
    "from the waitlist in its order. A new `schedule`, `except_dates` or `skip_holidays` plans the occasions again: " +
    "occasions still planned are kept (with their attendance, and where they were moved), new ones are added, and " +
    "future ones no longer planned are removed unless they have attendance or were moved by hand. Past occasions are " +
    "never removed. " +
    `\`leader_ids\` replaces the leaders. ${timeNote}`,
  responses: { 200: { description: "The updated activity", schema: ActivityDetail } },
  errors: activityErrors,
});

export const deleteActivity = activityOperation({
  method: "delete",
  path: "/activities/{id}",
  permission: "ACTIVITY.U",
  params: IdParams,
  summary: "Delete an activity",
  description:
    "Deletes the activity, its occasions and enrollments. An activity with recorded attendance cannot be deleted " +
    "(409): attendance backs grant reports, which are kept for seven years.",
  responses: { 200: { description: "Deleted", schema: OkResponse } },
  errors: { ...activityErrors, 409: reason("`activity has recorded attendance`") },
});

export const copyActivity = activityOperation({
  method: "post",
  path: "/activities/{id}/copy",
  permission: "ACTIVITY.U",
  params: IdParams,
  body: CopyActivityRequest,
  summary: "Copy an activity to a new term",
  description:
    "Creates a new activity of the same company with the original's details, capacity, leaders and weekly rules, " +
    "the rules' dates moved to the term from `from_date` (each rule by the days from the original's first date to " +
    "`from_date`; rules that ran to the original's last date run to `to_date`, or keep the term's length without " +
    "it). The weekdays and times stay; holidays are skipped as the original skips them; the original's " +
    "`except_dates` are not copied. Its occasions are planned as for a new activity. With `participants: enrolled` " +
    "the original's ENROLLED participants join in their order: ENROLLED up to the capacity, the waitlist after. " +
    `Sends \`activity.created\` (and \`activity.participant_changed\` per participant). ${planNote}`,
  responses: { 201: { description: "The copy", schema: ActivityDetail } },
  errors: activityErrors,
});

export const listOccasions = activityOperation({
  method: "get",
  path: "/activities/{id}/occasions",
  params: IdParams,
  query: OccasionListQuery,
  summary: "List an activity's occasions",
  description: `The occasions by start, cancelled ones included; \`from\`/\`to\` bound their start. ${timeNote}`,
  responses: { 200: { description: "The occasions", schema: z.array(OccasionView) } },
  errors: activityErrors,
});

export const addOccasion = activityOperation({
  method: "post",
  path: "/activities/{id}/occasions",
  permission: "ACTIVITY.U",
  params: IdParams,
  body: AddOccasionRequest,
  summary: "Add an occasion by hand",
  description:
    "An occasion outside the schedule (a match, an extra session). A new plan of the schedule leaves it alone. An " +
    "activity holds at most 1000 occasions (409).",
  responses: { 201: { description: "Created", schema: OccasionView } },
  errors: { ...activityErrors, 409: reason("`activity has 1000 occasions`: the most one activity holds") },
});

export const enrollActivityParticipant = activityOperation({
  method: "post",
  path: "/activities/{id}/participants",
  permission: "ACTIVITY.U",
  params: IdParams,
  body: EnrollRequest,
  summary: "Enroll a member in an activity",
  description:
    "ENROLLED while the activity has room (`capacity`), otherwise on the WAITLIST, in the order requests arrive, " +
    "also when many arrive at once. Someone ENROLLED or waiting keeps their place; someone who LEFT joins again. The " +
    "member must be in your scope and a member of the activity's company (400 `member_id`). Birth years are not " +
    "enforced here: staff may make exceptions.",
  responses: { 200: { description: "The activity with its participants", schema: ActivityDetail } },
  errors: activityErrors,
});

export const removeActivityParticipant = activityOperation({
  method: "delete",
  path: "/activities/{id}/participants/{member_id}",
  permission: "ACTIVITY.U",
  params: ActivityParticipantParams,
  summary: "A participant leaves an activity",
  description:
    "The participant is LEFT (kept with the date: their attendance stays). A place freed goes to the first on the " +
    "waitlist. Someone not enrolled is no error: nothing changes.",
  responses: { 200: { description: "The activity with its participants", schema: ActivityDetail } },
  errors: activityErrors,
});

export const getOccasion = activityOperation({
  method: "get",
  path: "/occasions/{id}",
  params: IdParams,
  summary: "Get an occasion with its attendance",
  description:
    "The occasion and everyone whose attendance it takes: leaders first, then participants ENROLLED now and anyone " +
    "recorded on it before, with their last status (null: not recorded), who recorded it and how many changes.",
  responses: { 200: { description: "The occasion", schema: OccasionDetail } },
  errors: occasionErrors,
});

export const updateOccasion = activityOperation({
  method: "put",
  path: "/occasions/{id}",
  permission: "ACTIVITY.U",
  params: IdParams,
  body: UpdateOccasionRequest,
  summary: "Move, change or cancel an occasion",
  description:
    "Changes only the fields sent: `starts_at` moves it (a new plan of the schedule keeps it where it was moved), " +
    "`status` CANCELLED cancels it and SCHEDULED takes it back. Cancelled occasions take no attendance.",
  responses: { 200: { description: "The occasion", schema: OccasionView } },
  errors: occasionErrors,
});

export const recordAttendance = activityOperation({
  method: "put",
  path: "/occasions/{id}/attendance",
  permission: "ATTENDANCE.U",
  params: IdParams,
  body: RecordAttendanceRequest,
  summary: "Record attendance",
  description:
    "Sets each listed person's status (PRESENT, ABSENT, EXCUSED); others are left as they are. Sending the same " +
    "records again changes nothing, so a client on a poor connection can resend freely. Every change is kept with " +
    "who made it and when. Only the activity's leaders, its ENROLLED participants and anyone already recorded on " +
    "the occasion can be recorded (400 `attendance.N.member_id`). A cancelled occasion, or one on a later day than " +
    "today in the activity's time zone, is 409.",
  responses: { 200: { description: "The occasion with its attendance", schema: OccasionDetail } },
  errors: {
    ...occasionErrors,
    409: reason("`occasion is cancelled`, or `occasion is on a later day`"),
  },
});

const companyErrors = { ...activityErrors, 404: reason("`company not found`: no company has the `company_id` given") };
const lokRules =
  "RF-SISU's rules since 1 July 2023 unless the company set its own thresholds (`/v3/lok-report/settings`): a " +
  "participant counts when a member of the company on the day, of an age within the thresholds by birth year, and " +
  "within the weekly cap (3 occasions a week at 7-9, 5 at 10-25, in date order over all the company's activities; " +
  "the week before `from` is read for it). An occasion qualifies with enough counted participants, a present leader " +
  "old enough, the shortest length and at most the participants per leader; each failing rule is named, in `lang`. " +
  "Only PRESENT attendance counts; leaders are not counted as participants.";

export const getLokReport = activityOperation({
  method: "get",
  path: "/lok-report",
  query: LokReportQuery,
  summary: "The LOK-stöd report of a period",
  description:
    "Every occasion of the company's activities from `from` to `to` (local dates in Sweden, at most 366 days; a " +
    "half-year is 01-01 to 06-30, due 25 August, or 07-01 to 12-31, due 25 February) with whether it qualifies for " +
    `LOK-stöd, per activity and in total. ${lokRules}`,
  responses: { 200: { description: "The report", schema: LokReport } },
  errors: companyErrors,
});

export const getLokReportCsv = activityOperation({
  method: "get",
  path: "/lok-report.csv",
  query: LokReportQuery,
  summary: "The LOK-stöd report as CSV",
  description:
    "The occasions of `GET /v3/lok-report` as a spreadsheet file: UTF-8 with a byte-order mark, semicolons, CRLF, " +
    "one row per occasion with the columns activity, date, start, minutes, place, participants present, " +
    "participants counted, leaders, qualifies (Ja/Nej or Yes/No) and why not; headings in `lang`. No cell starts a " +
    "formula.",
  responses: { 200: { description: "CSV", contentType: "text/csv" } },
  errors: companyErrors,
});

export const getLokReportXlsx = activityOperation({
  method: "get",
  path: "/lok-report.xlsx",
  query: LokReportQuery,
  summary: "The LOK-stöd report as an Excel workbook",
  description:
    "The report of `GET /v3/lok-report` as an .xlsx workbook: a summary sheet (the period, the due date of a " +
    "half-year, the thresholds used, and per activity its occasions, qualifying occasions and participant-" +
    "attendances counted, with a total) and one sheet per activity with the CSV's columns less the activity. " +
    "Texts in `lang`.",
  responses: {
    200: {
      description: "The workbook",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
  },
  errors: companyErrors,
});

export const getLokSettings = activityOperation({
  method: "get",
  path: "/lok-report/settings",
  query: LokSettingsQuery,
  summary: "A company's LOK-stöd thresholds",
  description: "The thresholds the company's report uses: its own (`source` COMPANY) or RF-SISU's (`source` RF_SISU).",
  responses: { 200: { description: "The thresholds", schema: LokSettingsView } },
  errors: companyErrors,
});

export const updateLokSettings = activityOperation({
  method: "put",
  path: "/lok-report/settings",
  permission: "ACTIVITY.U",
  body: UpdateLokSettingsRequest,
  summary: "Set a company's own LOK-stöd thresholds",
  description:
    "For a municipality's grant whose rules differ from RF-SISU's (many require 60 minutes). All thresholds are " +
    "given; the weekly caps stay RF-SISU's.",
  responses: { 200: { description: "The thresholds", schema: LokSettingsView } },
  errors: bearerInputErrors,
});
