// POST /v3/events/{id}/participants: register a member for the event
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/api";
import { registerParticipant } from "@/modules/events/services/events";

export const POST = route(api.registerEventParticipant, async ({ caller, params, body }) =>
  registerParticipant(caller, params.id, body.member_id),
);
