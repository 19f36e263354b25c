// The leaders' page: the occasions of today of the activities a LEADER user's member leads (the next ones when there
// are none today), each with whose attendance it takes and who among its participants cannot be reached.
import "server-only";
import { db } from "@/lib/db";
import { Forbidden } from "@/lib/errors";
import { liveCompany } from "@/lib/live-records";
import { requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { formatInZone } from "@/modules/events/schemas/event";
import { participantContactGaps } from "./contacts";
import { getOccasion } from "./occasions";

/** The most activities and occasions the page shows: a leader of a few groups, a day or the next few occasions. */
const MAX_ACTIVITIES = 50;
const MAX_OCCASIONS = 20;
const NEXT_SHOWN = 3;
/** How far back and ahead occasions are read: today in any time zone, and the next ones within two months. */
const LOOK_BACK_MS = 36 * 3_600_000;
const LOOK_AHEAD_MS = 62 * 86_400_000;

/** A participant the leader should tell the office about: nobody to write to, or no guardian's consent under 13. */
interface LeaderGap {
  memberId: number;
  name: string;
  missing: ("contact" | "consent")[];
}

export type LeaderOccasion = Awaited<ReturnType<typeof getOccasion>> & {
  activity_name: string;
  /** Attendance can be recorded: today's and not cancelled (a later day's is refused by recordAttendance). */
  recordable: boolean;
  gaps: LeaderGap[];
};

/** The activity's contact gaps (contacts.ts) by participant, with their names. */
async function gapsOfActivity(activityId: number, now: Date): Promise<LeaderGap[]> {
  const byMember = Map.groupBy(await participantContactGaps(activityId, now), (g) => g.participantMemberId);
  const names = await db().member.findMany({
    where: { id: { in: [...byMember.keys()] } },
    select: { id: true, firstname: true, lastname: true },
    orderBy: [{ lastname: "asc" }, { firstname: "asc" }],
  });
  return names.map((m) => ({
    memberId: m.id,
    name: [m.firstname, m.lastname].filter(Boolean).join(" "),
    missing: byMember.get(m.id)!.map((g) => (g.reason === "NO_ADDRESS" ? "contact" : "consent")),
  }));
}

export async function leaderOccasions(
  caller: Caller,
  now: Date,
): Promise<{ today: boolean; occasions: LeaderOccasion[] }> {
  requireModule(caller, "activity");
  const memberId = caller.leaderMemberId ?? null;
  if (memberId === null) throw new Forbidden("only an activity's leader has a leaders' page");
  const activities = await db().activity.findMany({
    where: { leaders: { some: { memberId } }, company: liveCompany },
    select: { id: true, name: true, timeZone: true },
    orderBy: { id: "asc" },
    take: MAX_ACTIVITIES,
  });
  const byId = new Map(activities.map((a) => [a.id, a]));
  const occasions = await db().occasion.findMany({
    where: {
      activityId: { in: activities.map((a) => a.id) },
      startsAt: { gte: new Date(now.getTime() - LOOK_BACK_MS), lt: new Date(now.getTime() + LOOK_AHEAD_MS) },
    },
    select: { id: true, activityId: true, startsAt: true, durationMinutes: true, status: true },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: 500,
  });
  const localDay = (at: Date, activityId: number) => formatInZone(at, byId.get(activityId)!.timeZone).slice(0, 10);
  const todays = occasions.filter((o) => localDay(o.startsAt, o.activityId) === localDay(now, o.activityId));
  const shown =
    todays.length > 0
      ? todays.slice(0, MAX_OCCASIONS)
      : occasions.filter((o) => o.startsAt > now && o.status !== "CANCELLED").slice(0, NEXT_SHOWN);
  const gapsOf = new Map<number, LeaderGap[]>();
  for (const activityId of new Set(shown.map((o) => o.activityId)))
    gapsOf.set(activityId, await gapsOfActivity(activityId, now));
  const views: LeaderOccasion[] = [];
  for (const o of shown) {
    const detail = await getOccasion(caller, o.id);
    views.push({
      ...detail,
      activity_name: byId.get(o.activityId)!.name,
      recordable: todays.length > 0 && o.status !== "CANCELLED",
      gaps: gapsOf.get(o.activityId) ?? [],
    });
  }
  return { today: todays.length > 0, occasions: views };
}
