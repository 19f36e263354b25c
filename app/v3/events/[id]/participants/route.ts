// POST /v3/events/{id}/participants: register a member for the event
import { z } from "zod";
import { route } from "@/lib/http/route";
import { registerParticipant } from "@/lib/services/events";
import { RegisterParticipantRequest } from "@/lib/validation/event";
import { IntIdParam } from "@/lib/validation/common";

export const POST = route(
  { auth: "bearer", module: "event", permission: "EVENT.U", params: z.object({ id: IntIdParam }), body: RegisterParticipantRequest },
  async ({ caller, params, body }) => registerParticipant(caller, params.id, body.member_id),
);
