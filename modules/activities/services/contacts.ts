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

/** Who among an activity's participants cannot be reached: those with neither an email address nor a phone. */
export async function participantContactGaps(
  activityId: number,
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the consent rules read it
  now: Date,
): Promise<{ memberId: number; name: string; missing: ("contact" | "consent")[] }[]> {
  const participants = await db().activityParticipant.findMany({
    where: { activityId, status: "ENROLLED", member: { erasedAt: null } },
    select: { member: { select: { id: true, firstname: true, lastname: true, email: true, phone: true } } },
    take: 1000,
  });
  return participants
    .map((p) => p.member)
    .filter((m) => !m.email && !m.phone)
    .map((m) => ({
      memberId: m.id,
      name: [m.firstname, m.lastname].filter(Boolean).join(" "),
      missing: ["contact" as const],
    }));
}
