// DELETE /v3/events/{id}/participants/{member_id}: unregister a member
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/api";
import { unregisterParticipant } from "@/modules/events/services/events";

export const DELETE = route(api.unregisterEventParticipant, async ({ caller, params }) =>
  unregisterParticipant(caller, params.id, params.member_id),
);
