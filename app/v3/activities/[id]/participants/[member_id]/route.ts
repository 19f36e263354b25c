// DELETE /v3/activities/{id}/participants/{member_id}: the participant leaves
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { removeParticipant } from "@/modules/activities/services/participants";

export const DELETE = route(api.removeActivityParticipant, async ({ caller, params }) =>
  removeParticipant(caller, params.id, params.member_id),
);
