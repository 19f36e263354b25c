// A leader's invitation to the dashboard: its lifetime and the form that accepts it. Imports nothing from the server.
import { z } from "zod";
import { Password } from "./access";

/** How long an invitation link works: a leader may read the mail days after staff sent it. */
export const LEADER_INVITATION_TTL_HOURS = 7 * 24;

export const AcceptLeaderInvitationRequest = z.object({
  token: z.string({ error: "required" }).min(1, { error: "required" }).max(200),
  password: Password,
});
