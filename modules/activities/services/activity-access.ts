// Finding an activity or occasion the caller may see, and a member who may take part in an activity. Another
// company's activity is 404 `activity not found`, like a missing one (access-checks.ts assertObjectInScope).
import "server-only";
import { db, type Tx } from "@/lib/db";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { liveCompany } from "@/lib/live-records";
import { assertObjectInScope, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { memberInScope } from "@/modules/members/services/members";

export async function activityInScope(caller: Caller, id: number) {
  requireModule(caller, "activity");
  const activity = await db().activity.findFirst({ where: { id, company: liveCompany } });
  if (!activity) throw new NotFound("activity not found");
  await assertObjectInScope(caller, activity.companyId, "activity not found");
  return activity;
}

export async function occasionInScope(caller: Caller, id: number) {
  requireModule(caller, "activity");
  const occasion = await db().occasion.findFirst({
    where: { id, activity: { company: liveCompany } },
    include: { activity: true },
  });
  if (!occasion) throw new NotFound("occasion not found");
  await assertObjectInScope(caller, occasion.activity.companyId, "occasion not found");
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
