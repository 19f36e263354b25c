// Shapes the activity screens read and the server actions they call (passed down from the pages).
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type { OkResponse } from "@/lib/validation/common";
import type { ActivityDetail, CreateActivityRequest, UpdateActivityRequest } from "../schemas/activity";
import type { ActivityListRow } from "../schemas/dashboard";
import type { AddOccasionRequest, OccasionDetail, OccasionView, UpdateOccasionRequest } from "../schemas/occasion";
import type { LokSettingsView, UpdateLokSettingsRequest } from "../schemas/lok";

export type ActivityRow = z.infer<typeof ActivityListRow>;
export type ActivityWithParticipants = z.infer<typeof ActivityDetail>;
export type OccasionRow = z.infer<typeof OccasionView>;
export type OccasionWithAttendance = z.infer<typeof OccasionDetail>;
export type LokSettings = z.infer<typeof LokSettingsView>;

type Act<I, R> = (input: I) => Promise<ActionResult<R>>;

export interface ActivityFormActions {
  createActivity: Act<z.input<typeof CreateActivityRequest>, ActivityWithParticipants>;
  updateActivity: Act<{ id: number; activity: z.input<typeof UpdateActivityRequest> }, ActivityWithParticipants>;
}

export interface ActivityActions extends ActivityFormActions {
  deleteActivity: Act<{ id: number }, z.infer<typeof OkResponse>>;
  enrollParticipant: Act<{ id: number; member_id: number }, ActivityWithParticipants>;
  removeParticipant: Act<{ id: number; member_id: number }, ActivityWithParticipants>;
  moveParticipant: Act<
    { id: number; member_id: number; to_activity_id: number },
    { activity: ActivityWithParticipants; status_there: "WAITLIST" | "ENROLLED" | "LEFT" }
  >;
  addOccasion: Act<{ id: number; occasion: z.input<typeof AddOccasionRequest> }, OccasionRow>;
  updateOccasion: Act<{ id: number; occasion: z.input<typeof UpdateOccasionRequest> }, OccasionRow>;
}

export interface AttendanceActions {
  recordAttendance: Act<
    { id: number; attendance: { member_id: number; status: "PRESENT" | "ABSENT" | "EXCUSED" }[] },
    OccasionWithAttendance
  >;
}

export interface LokActions {
  updateLokSettings: Act<z.input<typeof UpdateLokSettingsRequest>, LokSettings>;
}
