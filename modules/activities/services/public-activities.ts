// What the hosted sign-up pages show of a club's activities: those open for sign-up (Activity.signupOpen) of a live
// company, named by the company's public uuid, with their ages, weekly times, place and free places. No caller:
// public by design, and nothing about participants beyond a count.
import "server-only";
import { siteUrl } from "@/modules/lists/services/unsubscribe-links";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { liveCompany } from "@/lib/live-records";
import { isUuid } from "@/lib/validation/common";

export interface PublicActivity {
  id: number;
  name: string;
  description: string | null;
  location: string | null;
  birthYearFrom: number | null;
  birthYearTo: number | null;
  /** Weekly times as the schedule has them: ISO weekday, HH:MM, minutes, the rule's place and date range. */
  times: { weekday: number; start: string; minutes: number; location: string | null; from: string; to: string }[];
  /** null: no limit. */
  freePlaces: number | null;
  waiting: number;
}

const organizationSelect = { uuid: true, name: true, email: true, web: true } as const;

/** The live company with this public uuid; 404 `club not found` otherwise. */
async function publicOrganization(companyUuid: string) {
  const company = isUuid(companyUuid)
    ? await db().company.findFirst({
        where: { uuid: companyUuid, ...liveCompany },
        select: { id: true, ...organizationSelect },
      })
    : null;
  if (!company) throw new NotFound("club not found");
  return company;
}

const activitySelect = {
  id: true,
  name: true,
  description: true,
  location: true,
  birthYearFrom: true,
  birthYearTo: true,
  capacity: true,
  rules: { orderBy: { position: "asc" as const } },
};

async function withCounts(activities: Awaited<ReturnType<typeof openActivities>>): Promise<PublicActivity[]> {
  const counts = await db().activityParticipant.groupBy({
    by: ["activityId", "status"],
    where: { activityId: { in: activities.map((a) => a.id) }, status: { in: ["ENROLLED", "WAITLIST"] } },
    _count: { _all: true },
  });
  const count = (id: number, status: string) =>
    counts.find((c) => c.activityId === id && c.status === status)?._count._all ?? 0;
  return activities.map((a) => ({
    id: a.id,
    name: a.name,
    description: a.description,
    location: a.location,
    birthYearFrom: a.birthYearFrom,
    birthYearTo: a.birthYearTo,
    times: a.rules.map((r) => ({
      weekday: r.weekday,
      start: r.startTime,
      minutes: r.durationMinutes,
      location: r.location,
      from: r.fromDate,
      to: r.toDate,
    })),
    freePlaces: a.capacity === null ? null : Math.max(0, a.capacity - count(a.id, "ENROLLED")),
    waiting: count(a.id, "WAITLIST"),
  }));
}

function openActivities(companyId: string, id?: number) {
  return db().activity.findMany({
    where: { companyId, signupOpen: true, ...(id === undefined ? {} : { id }) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 200,
    select: activitySelect,
  });
}

/** /activities/<company uuid>: the club and its activities open for sign-up. */
export async function publicActivities(companyUuid: string) {
  const organization = await publicOrganization(companyUuid);
  return { organization, activities: await withCounts(await openActivities(organization.id)) };
}

/** /activities/<company uuid>/<id>: one open activity of the club; 404 `activity not found` otherwise. */
export async function publicActivity(companyUuid: string, id: number) {
  const organization = await publicOrganization(companyUuid);
  const [activity] = Number.isSafeInteger(id) && id > 0 ? await openActivities(organization.id, id) : [];
  if (!activity) throw new NotFound("activity not found");
  const [view] = await withCounts([activity]);
  return { organization, activity: view };
}

/** The hosted sign-up page of an activity of a company the caller already may see (the dashboard shows it). */
export async function signupPageUrl(activity: { id: number; company_id: string }): Promise<string> {
  const { uuid } = await db().company.findUniqueOrThrow({ where: { id: activity.company_id }, select: { uuid: true } });
  return `${siteUrl()}/activities/${uuid}/${activity.id}`;
}
