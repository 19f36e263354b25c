// Whom to write to about an activity's participants. The age of digital consent in Sweden is 13 (IMY, "Personuppgifter
// om barn"): a child under 13 is reached only through its guardians; from 13 to 17 the child's own address (when it
// has one) with the guardians in copy; from 18, or when the birthdate is unknown, the participant alone. Ages are
// counted on Stockholm's calendar date of `now`. The leaders' pages and the sendout use these; they read nothing else.
import "server-only";
import { db } from "@/lib/db";
import { stockholmToday, yearsBefore } from "@/lib/calendar";
import { liveMember } from "@/lib/live-records";
import type { ParticipantStatus } from "../schemas/activity";

type ContactRole = "SELF" | "GUARDIAN" | "GUARDIAN_COPY";

export interface ActivityContact {
  participantMemberId: number;
  memberId: number;
  email: string;
  role: ContactRole;
}

export type ContactGap = {
  participantMemberId: number;
  /** NO_ADDRESS: nobody to write to; NO_GUARDIAN_CONSENT: under 13 and no guardian's consent in force. */
  reason: "NO_ADDRESS" | "NO_GUARDIAN_CONSENT";
};

/** The age of digital consent in Sweden. */
const CONSENT_AGE = 13;
const ADULT_AGE = 18;

type AgeBand = "CHILD" | "TEEN" | "ADULT";

/** Under 13, 13 to 17, or 18 and over (also when the birthdate is unknown) on the Stockholm date of `now`. */
function ageBand(birthdate: string | null, now: Date): AgeBand {
  if (!birthdate) return "ADULT";
  const today = stockholmToday(now);
  // Born after the same day 13 years ago: not 13 yet. Text dates compare in calendar order.
  if (birthdate > yearsBefore(today, CONSENT_AGE)) return "CHILD";
  if (birthdate > yearsBefore(today, ADULT_AGE)) return "TEEN";
  return "ADULT";
}

const person = { id: true, email: true, birthdate: true } as const;

async function participantsWithGuardians(activityId: number, statuses: ParticipantStatus[]) {
  return db().activityParticipant.findMany({
    where: { activityId, status: { in: statuses }, member: liveMember },
    orderBy: { memberId: "asc" },
    select: {
      member: {
        select: {
          ...person,
          guardians: {
            where: { guardian: liveMember },
            orderBy: { guardianId: "asc" },
            select: { guardian: { select: person } },
          },
          childConsents: { where: { withdrawnAt: null }, select: { guardianId: true } },
        },
      },
    },
  });
}

function contactsOf(
  member: Awaited<ReturnType<typeof participantsWithGuardians>>[number]["member"],
  now: Date,
): ActivityContact[] {
  const band = ageBand(member.birthdate, now);
  const self: ActivityContact[] =
    band !== "CHILD" && member.email
      ? [{ participantMemberId: member.id, memberId: member.id, email: member.email, role: "SELF" }]
      : [];
  if (band === "ADULT") return self;
  const guardians = member.guardians
    .filter((g) => g.guardian.email)
    .map((g): ActivityContact => ({
      participantMemberId: member.id,
      memberId: g.guardian.id,
      email: g.guardian.email!,
      role: band === "CHILD" ? "GUARDIAN" : "GUARDIAN_COPY",
    }));
  return [...self, ...guardians];
}

/** The addresses to write to about the activity's ENROLLED participants, by the age rule above. */
export async function activityContacts(activityId: number, now: Date): Promise<ActivityContact[]> {
  return participantContacts(activityId, now, ["ENROLLED"]);
}

/** activityContacts for participants of the given statuses (["WAITLIST"]: those waiting for a place). */
export async function participantContacts(
  activityId: number,
  now: Date,
  statuses: ParticipantStatus[],
): Promise<ActivityContact[]> {
  const rows = await participantsWithGuardians(activityId, statuses);
  return rows.flatMap((row) => contactsOf(row.member, now));
}

/**
 * The participants (ENROLLED and WAITLIST) the rule cannot reach: no address at all, or under 13 without a guardian's
 * consent in force. One entry per problem.
 */
export async function participantContactGaps(activityId: number, now: Date): Promise<ContactGap[]> {
  const rows = await participantsWithGuardians(activityId, ["ENROLLED", "WAITLIST"]);
  const gaps: ContactGap[] = [];
  for (const { member } of rows) {
    if (contactsOf(member, now).length === 0) gaps.push({ participantMemberId: member.id, reason: "NO_ADDRESS" });
    const consenting = new Set(member.childConsents.map((c) => c.guardianId));
    const guardianConsented = member.guardians.some((g) => consenting.has(g.guardian.id));
    if (ageBand(member.birthdate, now) === "CHILD" && !guardianConsented)
      gaps.push({ participantMemberId: member.id, reason: "NO_GUARDIAN_CONSENT" });
  }
  return gaps;
}
