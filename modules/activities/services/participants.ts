// Participants of an activity: WAITLIST, ENROLLED or LEFT. Enrollments of one activity queue on its row lock, so
// with capacity N exactly N are ENROLLED however many sign up at once; the rest wait in the order they came, and a
// place that frees (someone leaves, the capacity grows) goes to the first of them at once (roster.ts).
import "server-only";
import { db, type Tx } from "@/lib/db";
import { requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";
import type { ParticipantStatus } from "../schemas/activity";
import { activityInScope, lockActivity, memberOfCompany } from "./activity-access";
import { getActivity } from "./activities";
import { promoteFromWaitlist } from "./roster";

/**
 * POST /v3/activities/{id}/participants: ENROLLED while there is room, WAITLIST after. Someone already ENROLLED or
 * on the waitlist keeps their place; someone who LEFT joins again like a new participant.
 */
export async function enrollParticipant(caller: Caller, id: number, memberId: number) {
  const activity = await activityInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  await memberOfCompany(caller, memberId, activity.companyId, "member_id");
  await db().$transaction((tx) => enrollInTransaction(tx, caller, activity, memberId));
  return getActivity(caller, id);
}

/**
 * The enrollment itself, inside the caller's transaction (the hosted sign-up's confirmation claims its link in the
 * same one): takes the activity's row lock, and answers the participant's status after it.
 */
export async function enrollInTransaction(
  tx: Tx,
  caller: Caller,
  activity: { id: number; companyId: string },
  memberId: number,
): Promise<ParticipantStatus> {
  const id = activity.id;
  await lockActivity(tx, id);
  const current = await tx.activityParticipant.findUnique({
    where: { activityId_memberId: { activityId: id, memberId } },
    select: { status: true },
  });
  if (current && current.status !== "LEFT") return current.status as ParticipantStatus;
  const fresh = await tx.activity.findUniqueOrThrow({ where: { id }, select: { capacity: true } });
  const enrolled = await tx.activityParticipant.count({ where: { activityId: id, status: "ENROLLED" } });
  const status: ParticipantStatus = fresh.capacity === null || enrolled < fresh.capacity ? "ENROLLED" : "WAITLIST";
  const now = new Date();
  const dates = {
    status,
    enrolledAt: status === "ENROLLED" ? now : null,
    waitlistedAt: status === "WAITLIST" ? now : null,
    leftAt: null,
  };
  await tx.activityParticipant.upsert({
    where: { activityId_memberId: { activityId: id, memberId } },
    create: { activityId: id, memberId, ...dates },
    update: dates,
  });
  await announceParticipant(tx, caller, activity, memberId, status, {
    action: "activity.enroll",
    summary: `member ${memberId}: ${status}`,
  });
  return status;
}

/**
 * DELETE /v3/activities/{id}/participants/{member_id}: the participant LEFT (kept, with the date: attendance and
 * reports refer to them). A place freed goes to the waitlist's first. Someone not enrolled is no error.
 */
export async function removeParticipant(caller: Caller, id: number, memberId: number) {
  const activity = await activityInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  await db().$transaction((tx) => leaveInTransaction(tx, caller, activity, memberId));
  return getActivity(caller, id);
}

/** The leaving itself, inside the caller's transaction; false when the member was not (any more) a participant. */
export async function leaveInTransaction(
  tx: Tx,
  caller: Caller,
  activity: { id: number; companyId: string },
  memberId: number,
): Promise<boolean> {
  const id = activity.id;
  await lockActivity(tx, id);
  const left = await tx.activityParticipant.updateMany({
    where: { activityId: id, memberId, status: { not: "LEFT" } },
    data: { status: "LEFT", leftAt: new Date() },
  });
  if (left.count === 0) return false;
  await announceParticipant(tx, caller, activity, memberId, "LEFT", {
    action: "activity.leave",
    summary: `member ${memberId}`,
  });
  const fresh = await tx.activity.findUniqueOrThrow({
    where: { id },
    select: { id: true, companyId: true, capacity: true },
  });
  await promoteFromWaitlist(tx, caller, fresh);
  return true;
}

/** A participant's new status: the webhook event and the audit entry, in the change's transaction. */
async function announceParticipant(
  tx: Tx,
  caller: Caller,
  activity: { id: number; companyId: string },
  memberId: number,
  status: ParticipantStatus,
  audit: { action: string; summary: string },
): Promise<void> {
  await emitWebhookEvent(
    tx,
    "activity.participant_changed",
    { companyId: activity.companyId },
    { activity_id: activity.id, member_id: memberId, status },
  );
  await recordAudit(tx, caller, {
    ...audit,
    objectType: "activity",
    objectId: activity.id,
    companyId: activity.companyId,
  });
}
