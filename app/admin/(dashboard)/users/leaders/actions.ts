"use server";
// Inviting an activity's leader as a LEADER user (who may: modules/activities/services/leader-invitations.ts).
import { action } from "@/lib/actions/action";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { inviteActivityLeader } from "@/modules/activities/services/leader-invitations";
import { InviteLeaderRequest } from "@/modules/activities/schemas/leader";

export const inviteLeaderAction = action(
  { auth: "session", module: "activity", permission: "ACTIVITY.U", adminRole: true, input: InviteLeaderRequest },
  async (input, { caller }) => inviteActivityLeader(caller, input, await adminLanguage()),
);
