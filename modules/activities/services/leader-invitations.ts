// Inviting an activity's leaders to the dashboard as LEADER users. Who may: staff who may change the activity
// (ACTIVITY.U on its company) and manage users (the ADMIN role), since the invitation makes a dashboard account.
// The account itself, its link and its mail are the access domain's (modules/access/services/leader-accounts.ts).
import "server-only";
import { db } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import { liveCompany } from "@/lib/live-records";
import {
  inScopeWhere,
  requireAdminRole,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { inviteLeader } from "@/modules/access/services/leader-accounts";
import type { InvitableActivity, InviteLeaderInput } from "../schemas/leader";
import { activityInScope } from "./activity-access";

const fullName = (m: { firstname: string | null; lastname: string | null }) =>
  [m.firstname, m.lastname].filter(Boolean).join(" ");

export async function inviteActivityLeader(caller: Caller, input: InviteLeaderInput, lang: Lang) {
  const activity = await activityInScope(caller, input.activity_id);
  requirePermission(caller, "ACTIVITY.U");
  requireAdminRole(caller);
  const leader = await db().activityLeader.findUnique({
    where: { activityId_memberId: { activityId: activity.id, memberId: input.member_id } },
    select: { member: { select: { firstname: true, lastname: true, email: true, erasedAt: true } } },
  });
  if (!leader || leader.member.erasedAt) throw new ValidationFailed({ member_id: ["not a leader of the activity"] });
  if (!leader.member.email) throw new ValidationFailed({ member_id: ["the leader has no email address"] });
  const company = await db().company.findUniqueOrThrow({ where: { id: activity.companyId }, select: { name: true } });
  return inviteLeader(caller, {
    memberId: input.member_id,
    companyId: activity.companyId,
    email: leader.member.email,
    name: fullName(leader.member) || leader.member.email,
    activityName: activity.name,
    organizationName: company.name,
    lang,
  });
}

/** The activities in the caller's scope with their leaders, for the invitation panel (the newest 200). */
export async function invitableLeaders(caller: Caller): Promise<InvitableActivity[]> {
  requireModule(caller, "activity");
  requireAdminRole(caller);
  const activities = await db().activity.findMany({
    where: { ...(await inScopeWhere(caller)), company: liveCompany },
    select: {
      id: true,
      name: true,
      company: { select: { name: true } },
      leaders: {
        select: { member: { select: { id: true, firstname: true, lastname: true, email: true, erasedAt: true } } },
      },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
  const memberIds = activities.flatMap((a) => a.leaders.map((l) => l.member.id));
  const accounts = await db().adminUser.findMany({
    where: { memberId: { in: memberIds }, role: "LEADER" },
    select: { memberId: true },
  });
  const withAccount = new Set(accounts.map((a) => a.memberId));
  return activities.map((a) => ({
    activity_id: a.id,
    activity_name: a.name,
    company_name: a.company.name,
    leaders: a.leaders
      .filter((l) => !l.member.erasedAt)
      .map((l) => ({
        member_id: l.member.id,
        name: fullName(l.member),
        email: l.member.email,
        has_account: withAccount.has(l.member.id),
      })),
  }));
}
