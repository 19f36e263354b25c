"use server";
// The invited leader's write, signed out: choosing the password makes the LEADER account (the link is used up).
import { action } from "@/lib/actions/action";
import { acceptLeaderInvitation } from "@/modules/access/services/leader-accounts";
import { AcceptLeaderInvitationRequest } from "@/modules/access/schemas/leader";

export const acceptLeaderInvitationAction = action(
  { auth: "none", input: AcceptLeaderInvitationRequest, rateLimit: "public_post" },
  async (input) => {
    await acceptLeaderInvitation(input);
    return { created: true as const };
  },
);
