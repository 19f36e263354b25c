"use server";
// The activity screens' writes (activity module): the same services as /v3/activities, /v3/occasions and
// /v3/lok-report/settings. Activities, occasions and enrollment need ACTIVITY.U; attendance ATTENDANCE.U.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { IntId } from "@/lib/validation/common";
import { createActivity, deleteActivity, updateActivity } from "@/modules/activities/services/activities";
import { addOccasion, recordAttendance, updateOccasion } from "@/modules/activities/services/occasions";
import { enrollParticipant, removeParticipant } from "@/modules/activities/services/participants";
import { moveParticipant } from "@/modules/activities/services/move-participant";
import { updateLokSettings } from "@/modules/activities/services/lok-report";
import { CreateActivityRequest, EnrollRequest, UpdateActivityRequest } from "@/modules/activities/schemas/activity";
import {
  AddOccasionRequest,
  RecordAttendanceRequest,
  UpdateOccasionRequest,
} from "@/modules/activities/schemas/occasion";
import { UpdateLokSettingsRequest } from "@/modules/activities/schemas/lok";

const write = { auth: "session", module: "activity", permission: "ACTIVITY.U" } as const;

export const createActivityAction = action({ ...write, input: CreateActivityRequest }, async (input, { caller }) =>
  createActivity(caller, input),
);

export const updateActivityAction = action(
  { ...write, input: z.object({ id: IntId, activity: UpdateActivityRequest }) },
  async ({ id, activity }, { caller }) => updateActivity(caller, id, activity),
);

export const deleteActivityAction = action({ ...write, input: z.object({ id: IntId }) }, async ({ id }, { caller }) =>
  deleteActivity(caller, id),
);

export const enrollParticipantAction = action(
  { ...write, input: EnrollRequest.extend({ id: IntId }) },
  async ({ id, member_id }, { caller }) => enrollParticipant(caller, id, member_id),
);

export const removeParticipantAction = action(
  { ...write, input: EnrollRequest.extend({ id: IntId }) },
  async ({ id, member_id }, { caller }) => removeParticipant(caller, id, member_id),
);

export const moveParticipantAction = action(
  { ...write, input: EnrollRequest.extend({ id: IntId, to_activity_id: IntId }) },
  async (input, { caller }) => moveParticipant(caller, input),
);

export const addOccasionAction = action(
  { ...write, input: z.object({ id: IntId, occasion: AddOccasionRequest }) },
  async ({ id, occasion }, { caller }) => addOccasion(caller, id, occasion),
);

export const updateOccasionAction = action(
  { ...write, input: z.object({ id: IntId, occasion: UpdateOccasionRequest }) },
  async ({ id, occasion }, { caller }) => updateOccasion(caller, id, occasion),
);

export const recordAttendanceAction = action(
  {
    auth: "session",
    module: "activity",
    permission: "ATTENDANCE.U",
    input: RecordAttendanceRequest.extend({ id: IntId }),
  },
  async ({ id, attendance }, { caller }) => recordAttendance(caller, id, attendance),
);

export const updateLokSettingsAction = action(
  { ...write, input: UpdateLokSettingsRequest },
  async (input, { caller }) => updateLokSettings(caller, input),
);
