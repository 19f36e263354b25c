// The roster of an activity as the API shows it, and the waitlist's move up when a place frees.
import "server-only";
import type { Tx } from "@/lib/db";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { emitWebhookEvents } from "@/modules/webhooks/services/events";
import type { ParticipantStatus } from "../schemas/activity";

const STATUS_ORDER: Record<string, number> = { ENROLLED: 0, WAITLIST: 1, LEFT: 2 };

/** The participants as the API shows them: enrolled first, then the waitlist in its order, then those who left. */
export async function participantViews(tx: Tx, activityId: number) {
  const rows = await tx.activityParticipant.findMany({
    where: { activityId },
    include: { member: { select: { firstname: true, lastname: true, birthdate: true } } },
  });
  const since = (r: (typeof rows)[number]) =>
    (r.status === "ENROLLED" ? r.enrolledAt : r.status === "WAITLIST" ? r.waitlistedAt : r.leftAt)?.getTime() ?? 0;
  rows.sort(
    (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || since(a) - since(b) || a.memberId - b.memberId,
  );
  return rows.map((r) => ({
    member_id: r.memberId,
    firstname: r.member.firstname,
    lastname: r.member.lastname,
    birthdate: r.member.birthdate,
    status: r.status as ParticipantStatus,
    waitlisted_at: r.waitlistedAt?.toISOString() ?? null,
    enrolled_at: r.enrolledAt?.toISOString() ?? null,
    left_at: r.leftAt?.toISOString() ?? null,
  }));
}

/** Enrolls the first of the waitlist while there is room; call with the activity's row lock held. */
export async function promoteFromWaitlist(
  tx: Tx,
  caller: Caller,
  activity: { id: number; companyId: string; capacity: number | null },
): Promise<void> {
  const enrolled = await tx.activityParticipant.count({ where: { activityId: activity.id, status: "ENROLLED" } });
  const room = activity.capacity === null ? Number.MAX_SAFE_INTEGER : activity.capacity - enrolled;
  if (room <= 0) return;
  const next = await tx.activityParticipant.findMany({
    where: { activityId: activity.id, status: "WAITLIST" },
    orderBy: [{ waitlistedAt: "asc" }, { memberId: "asc" }],
    take: Math.min(room, 10_000),
    select: { memberId: true },
  });
  if (next.length === 0) return;
  const now = new Date();
  await tx.activityParticipant.updateMany({
    where: { activityId: activity.id, memberId: { in: next.map((p) => p.memberId) } },
    data: { status: "ENROLLED", enrolledAt: now },
  });
  await emitWebhookEvents(
    tx,
    "activity.participant_changed",
    { companyId: activity.companyId },
    next.map((p) => ({ activity_id: activity.id, member_id: p.memberId, status: "ENROLLED" as const })),
  );
  await recordAudit(tx, caller, {
    action: "activity.enroll",
    objectType: "activity",
    objectId: activity.id,
    companyId: activity.companyId,
    summary: `from the waitlist: ${next.map((p) => `member ${p.memberId}`).join(", ")}`,
  });
}
