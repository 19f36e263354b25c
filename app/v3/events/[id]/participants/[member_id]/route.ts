// DELETE /v3/events/{id}/participants/{member_id}: unregister a member
import { route } from "@/lib/http/route";
import { unregisterParticipant } from "@/lib/services/events";
import { EventParticipantParams } from "@/lib/validation/event";

export const DELETE = route(
  { auth: "bearer", module: "event", permission: "EVENT.U", params: EventParticipantParams },
  async ({ caller, params }) => unregisterParticipant(caller, params.id, params.member_id),
);
