// The demo's activities: in the club with the most children, a judo group on Tuesdays through this term with a
// leader, a full roster and a waitlist, and the attendance of its past occasions; and a swimming school on Thursdays
// that has not started. Through the services as the seeder, like the rest of the demo.
import "server-only";
import { db } from "../db";
import type { Caller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { listOccasions, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";

const day = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Answers the judo group's leader (the demo's leader login is theirs) and its club (whose sign-up page the banner
 * names), or null when no club had enough people.
 */
export async function seedDemoActivities(
  seeder: Caller,
  clubIds: string[],
  now = Date.now(),
): Promise<{ leaderId: number; clubId: string; clubUuid: string } | null> {
  const year = new Date(now).getUTCFullYear();
  // The generated members belong to the federation and are members of the clubs through memberships; a club's own
  // members count too. Read by organization alone, no club had anyone and the demo had no activities.
  const members = await db().member.findMany({
    where: {
      birthdate: { not: null },
      erasedAt: null,
      OR: [{ organizationId: { in: clubIds } }, { memberships: { some: { companyId: { in: clubIds } } } }],
    },
    select: {
      id: true,
      organizationId: true,
      birthdate: true,
      memberships: { where: { companyId: { in: clubIds } }, select: { companyId: true }, take: 1 },
    },
    orderBy: { id: "asc" },
  });
  const age = (birthdate: string | null) => year - Number(birthdate!.slice(0, 4));
  const byClub = Map.groupBy(members, (m) =>
    clubIds.includes(m.organizationId) ? m.organizationId : m.memberships[0].companyId,
  );
  const [clubId, people] = [...byClub].sort(
    ([, a], [, b]) => b.filter((m) => age(m.birthdate) <= 17).length - a.filter((m) => age(m.birthdate) <= 17).length,
  )[0] ?? [undefined, []];
  const leader = people.find((m) => age(m.birthdate) >= 20);
  const children = people.filter((m) => age(m.birthdate) >= 7 && age(m.birthdate) <= 17);
  if (!clubId || !leader || children.length < 3) return null;

  const judo = await createActivity(
    seeder,
    CreateActivityRequest.parse({
      company_id: clubId,
      name: "Judo 7-17 år",
      description: "Träning för nybörjare och fortsättare. Ta med vattenflaska.",
      location: "Idrottshallen, dojo 2",
      capacity: Math.max(3, children.length - 2),
      leader_ids: [leader.id],
      schedule: [
        {
          weekday: 2,
          start_time: "18:00",
          duration_minutes: 60,
          from: isoDate(now - 56 * day),
          to: isoDate(now + 56 * day),
        },
      ],
    }),
  );
  for (const child of children) await enrollParticipant(seeder, judo.id, child.id);
  const enrolled = children.slice(0, Math.max(3, children.length - 2));
  const past = (await listOccasions(seeder, judo.id, {})).filter((o) => Date.parse(o.starts_at) < now - day);
  for (const [week, occasion] of past.entries()) {
    await recordAttendance(seeder, occasion.id, [
      { member_id: leader.id, status: "PRESENT" },
      // Everyone most weeks; each child misses one week in four, some of them with notice.
      ...enrolled.map((child, i) => ({
        member_id: child.id,
        status: (week + i) % 4 !== 0 ? ("PRESENT" as const) : i % 2 ? ("EXCUSED" as const) : ("ABSENT" as const),
      })),
    ]);
  }

  await createActivity(
    seeder,
    CreateActivityRequest.parse({
      company_id: clubId,
      name: "Simskola",
      description: "Simskola för barn som vill lära sig simma.",
      // Open on the club's hosted sign-up page, so the demo shows it with an activity to sign up for.
      signup_open: true,
      location: "Badhuset",
      capacity: 12,
      birth_year_from: year - 9,
      birth_year_to: year - 6,
      leader_ids: [leader.id],
      schedule: [
        {
          weekday: 4,
          start_time: "17:00",
          duration_minutes: 45,
          from: isoDate(now + 14 * day),
          to: isoDate(now + 98 * day),
        },
      ],
    }),
  );
  const { uuid } = await db().company.findUniqueOrThrow({ where: { id: clubId }, select: { uuid: true } });
  return { leaderId: leader.id, clubId, clubUuid: uuid };
}
