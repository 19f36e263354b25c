// Finding an activity or occasion the caller may see, and a member who may take part in an activity. Another
// company's activity is 404 `activity not found`, like a missing one (access-checks.ts assertObjectInScope); for a
// LEADER user, so is every activity its member does not lead, whatever the company.
import "server-only";
import { db, type Tx } from "@/lib/db";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { liveCompany } from "@/lib/live-records";
import { assertObjectInScope, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { memberInScope } from "@/modules/members/services/members";

/**
 * A LEADER reaches an activity by leading it, not by its company: its scope holds no company (caller.ts), so the
 * company check would refuse every activity, and an activity of the same company it does not lead must stay 404.
 */
async function assertReachable(caller: Caller, activity: { id: number; companyId: string }, reason: string) {
  const leaderMemberId = caller.leaderMemberId ?? null;
  if (caller.role === "LEADER" || leaderMemberId !== null) {
    const leads =
      leaderMemberId !== null &&
      (await db().activityLeader.findUnique({
        where: { activityId_memberId: { activityId: activity.id, memberId: leaderMemberId } },
        select: { activityId: true },
      })) !== null;
    if (!leads) throw new NotFound(reason);
    return;
  }
  await assertObjectInScope(caller, activity.companyId, reason);
}

export async function activityInScope(caller: Caller, id: number) {
  requireModule(caller, "activity");
  const activity = await db().activity.findFirst({ where: { id, company: liveCompany } });
  if (!activity) throw new NotFound("activity not found");
  await assertReachable(caller, activity, "activity not found");
  return activity;
}

export async function occasionInScope(caller: Caller, id: number) {
  requireModule(caller, "activity");
  const occasion = await db().occasion.findFirst({
    where: { id, activity: { company: liveCompany } },
    include: { activity: true },
  });
  if (!occasion) throw new NotFound("occasion not found");
  await assertReachable(caller, occasion.activity, "occasion not found");
  return occasion;
}

/**
 * A member who can join an activity of `companyId`: in the caller's scope, and of that company (its organization, or
 * with a membership there). Otherwise 400 on `field`.
 */
export async function memberOfCompany(caller: Caller, memberId: number, companyId: string, field: string) {
  const member = await memberInScope(caller, memberId).catch((error) => {
    if (error instanceof NotFound) throw new ValidationFailed({ [field]: ["member not found"] });
    throw error;
  });
  if (member.organizationId === companyId) return member;
  const membership = await db().membership.findFirst({ where: { memberId, companyId }, select: { id: true } });
  if (!membership) throw new ValidationFailed({ [field]: ["not a member of the activity's company"] });
  return member;
}

/** Takes the activity's row lock for the rest of `tx`: enrollments and capacity changes of one activity queue here. */
export async function lockActivity(tx: Tx, id: number): Promise<void> {
  await tx.$executeRaw`UPDATE "Activity" SET "id" = "id" WHERE "id" = ${id}`;
}
