// POST /v3/activities/{id}/participants: enroll a member (or put them on the waitlist)
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { enrollParticipant } from "@/modules/activities/services/participants";

export const POST = route(api.enrollActivityParticipant, async ({ caller, params, body }) =>
  enrollParticipant(caller, params.id, body.member_id),
);
