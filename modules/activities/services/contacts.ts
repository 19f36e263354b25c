// Whom an activity's messages reach, and at which addresses. A stand-in until guardians are known: each ENROLLED
// participant's own address (role SELF). The version with guardians by age replaces this file, with the same shape.
import "server-only";
import { db } from "@/lib/db";

export interface ActivityContact {
  participantMemberId: number;
  memberId: number;
  email: string;
  role: "SELF" | "GUARDIAN" | "GUARDIAN_COPY";
}

/** The addresses of an activity's ENROLLED participants at `now`; people without an address are left out. */
export async function activityContacts(activityId: number, now: Date): Promise<ActivityContact[]> {
  void now; // the guardians' version needs it: who is under 13 or under 18 depends on the day
  const rows = await db().activityParticipant.findMany({
    where: { activityId, status: "ENROLLED", member: { erasedAt: null, email: { not: null } } },
    select: { memberId: true, member: { select: { email: true } } },
    orderBy: { memberId: "asc" },
  });
  return rows
    .filter((r) => r.member.email)
    .map((r) => ({ participantMemberId: r.memberId, memberId: r.memberId, email: r.member.email!, role: "SELF" }));
}
