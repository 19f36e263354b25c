// Activities of a company: their schedule, leaders and capacity. Reads need the activity module; writes also
// ACTIVITY.U. Enrollment is in participants.ts, occasions and attendance in occasions.ts.
import "server-only";
import type { z } from "zod";
import { db, type Prisma, type Tx } from "@/lib/db";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { findLiveCompany } from "@/lib/live-records";
import type { OkResponse } from "@/lib/validation/common";
import {
  assertCompanyInScope,
  assertWritableCompany,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";
import type { ActivityDetail, ActivityView, CreateActivityInput, UpdateActivityInput } from "../schemas/activity";
import { activityInScope, lockActivity, memberOfCompany } from "./activity-access";
import { participantViews, promoteFromWaitlist } from "./roster";
import { applyPlan, planOf, type ScheduleSettings } from "./plan";

const activityInclude = {
  rules: { orderBy: { position: "asc" } },
  leaders: { orderBy: [{ createdAt: "asc" }, { memberId: "asc" }] },
} satisfies Prisma.ActivityInclude;
type ActivityRow = Prisma.ActivityGetPayload<{ include: typeof activityInclude }>;

/** A stored rule as the API writes it (and as the planner reads it). */
export function weeklyRule(r: ActivityRow["rules"][number]) {
  return {
    weekday: r.weekday,
    start_time: r.startTime,
    duration_minutes: r.durationMinutes,
    from: r.fromDate,
    to: r.toDate,
    location: r.location,
  };
}

interface ActivityCounts {
  enrolled: number;
  waiting: number;
  occasions: number;
}

/** The enrolled, the waiting and the scheduled occasions of activities: two statements however many activities. */
async function countsOf(ids: number[]): Promise<(id: number) => ActivityCounts> {
  const [byStatus, occasions] = await Promise.all([
    db().activityParticipant.groupBy({
      by: ["activityId", "status"],
      where: { activityId: { in: ids } },
      _count: { _all: true },
    }),
    db().occasion.groupBy({
      by: ["activityId"],
      where: { activityId: { in: ids }, status: "SCHEDULED" },
      _count: { _all: true },
    }),
  ]);
  const participants = new Map(byStatus.map((c) => [`${c.activityId} ${c.status}`, c._count._all]));
  const scheduled = new Map(occasions.map((c) => [c.activityId, c._count._all]));
  return (id) => ({
    enrolled: participants.get(`${id} ENROLLED`) ?? 0,
    waiting: participants.get(`${id} WAITLIST`) ?? 0,
    occasions: scheduled.get(id) ?? 0,
  });
}

function activityView(a: ActivityRow, counts: ActivityCounts): z.output<typeof ActivityView> {
  return {
    id: a.id,
    company_id: a.companyId,
    name: a.name,
    description: a.description,
    location: a.location,
    birth_year_from: a.birthYearFrom,
    birth_year_to: a.birthYearTo,
    capacity: a.capacity,
    time_zone: a.timeZone,
    schedule: a.rules.map(weeklyRule),
    except_dates: JSON.parse(a.exceptDates) as string[],
    skip_holidays: a.skipHolidays,
    signup_open: a.signupOpen,
    leader_ids: a.leaders.map((l) => l.memberId),
    enrolled_count: counts.enrolled,
    waitlist_count: counts.waiting,
    occasion_count: counts.occasions,
    created_at: a.createdAt.toISOString(),
  };
}

/** GET /v3/activities?company_id=: the company's activities, newest first. */
export async function listActivities(caller: Caller, companyId: string) {
  requireModule(caller, "activity");
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  const activities = await db().activity.findMany({
    where: { companyId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: activityInclude,
    take: 1000,
  });
  const counts = await countsOf(activities.map((a) => a.id));
  return activities.map((a) => activityView(a, counts(a.id)));
}

/** GET /v3/activities/{id}: the activity with its leaders and participants. */
export async function getActivity(caller: Caller, id: number): Promise<z.output<typeof ActivityDetail>> {
  await activityInScope(caller, id);
  const client = db();
  const activity = await client.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
  const leaders = await client.member.findMany({
    where: { id: { in: activity.leaders.map((l) => l.memberId) } },
    select: { id: true, firstname: true, lastname: true, birthdate: true },
  });
  const byId = new Map(leaders.map((m) => [m.id, m]));
  return {
    ...activityView(activity, (await countsOf([id]))(id)),
    leaders: activity.leaders.map((l) => {
      const m = byId.get(l.memberId);
      return {
        member_id: l.memberId,
        firstname: m?.firstname ?? null,
        lastname: m?.lastname ?? null,
        birthdate: m?.birthdate ?? null,
      };
    }),
    participants: await participantViews(client, id),
  };
}

async function checkLeaders(caller: Caller, companyId: string, leaderIds: number[]) {
  for (const [index, memberId] of leaderIds.entries()) {
    await memberOfCompany(caller, memberId, companyId, `leader_ids.${index}`);
  }
  return [...new Set(leaderIds)];
}

export async function writeSchedule(tx: Tx, activityId: number, rules: CreateActivityInput["schedule"]) {
  await tx.activityRule.deleteMany({ where: { activityId } });
  if (rules.length === 0) return;
  await tx.activityRule.createMany({
    data: rules.map((r, position) => ({
      activityId,
      position,
      weekday: r.weekday,
      startTime: r.start_time,
      durationMinutes: r.duration_minutes,
      fromDate: r.from,
      toDate: r.to,
      location: r.location ?? null,
    })),
  });
}

export async function writeLeaders(tx: Tx, activityId: number, leaderIds: number[]) {
  await tx.activityLeader.deleteMany({ where: { activityId, memberId: { notIn: leaderIds } } });
  const present = await tx.activityLeader.findMany({ where: { activityId }, select: { memberId: true } });
  const have = new Set(present.map((l) => l.memberId));
  const added = leaderIds.filter((id) => !have.has(id));
  if (added.length > 0)
    await tx.activityLeader.createMany({ data: added.map((memberId) => ({ activityId, memberId })) });
}

const WEBHOOK_OF = { create: "activity.created", update: "activity.updated", delete: "activity.deleted" } as const;

/** An activity's change in the audit log and to webhooks, in the change's transaction. */
export async function announce(
  tx: Tx,
  caller: Caller,
  change: keyof typeof WEBHOOK_OF,
  activity: { id: number; companyId: string; name: string },
  summary = activity.name,
) {
  const refs = { activity_id: activity.id, name: activity.name };
  await emitWebhookEvent(tx, WEBHOOK_OF[change], { companyId: activity.companyId }, refs);
  await recordAudit(tx, caller, {
    action: `activity.${change}`,
    objectType: "activity",
    objectId: activity.id,
    companyId: activity.companyId,
    summary,
  });
}

function scheduleSettings(input: CreateActivityInput): ScheduleSettings {
  return {
    rules: input.schedule,
    timeZone: input.time_zone,
    exceptDates: input.except_dates,
    skipHolidays: input.skip_holidays,
  };
}

/** POST /v3/activities: the activity, its schedule's occasions and its leaders, in one transaction. */
export async function createActivity(caller: Caller, input: CreateActivityInput) {
  await assertWritableCompany(caller, input.company_id, "activity", "ACTIVITY.U");
  const leaderIds = await checkLeaders(caller, input.company_id, input.leader_ids);
  const planned = planOf(scheduleSettings(input));
  const id = await db().$transaction(async (tx) => {
    const created = await tx.activity.create({
      data: {
        companyId: input.company_id,
        name: input.name,
        description: input.description ?? null,
        location: input.location ?? null,
        birthYearFrom: input.birth_year_from ?? null,
        birthYearTo: input.birth_year_to ?? null,
        capacity: input.capacity ?? null,
        timeZone: input.time_zone,
        skipHolidays: input.skip_holidays,
        signupOpen: input.signup_open,
        exceptDates: JSON.stringify([...new Set(input.except_dates)].sort()),
      },
    });
    await writeSchedule(tx, created.id, input.schedule);
    await writeLeaders(tx, created.id, leaderIds);
    const occasions = await applyPlan(tx, created.id, planned, new Date());
    await announce(tx, caller, "create", created, `${created.name}: ${occasions} occasions`);
    return created.id;
  });
  return getActivity(caller, id);
}

/**
 * PUT /v3/activities/{id}. A capacity below the enrolled participants is 400; a higher one enrolls from the
 * waitlist in its order. A new schedule plans the occasions again (plan.ts).
 */
export async function updateActivity(caller: Caller, id: number, input: UpdateActivityInput) {
  const current = await activityInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  const yearFrom = input.birth_year_from !== undefined ? input.birth_year_from : current.birthYearFrom;
  const yearTo = input.birth_year_to !== undefined ? input.birth_year_to : current.birthYearTo;
  if (yearFrom != null && yearTo != null && yearTo < yearFrom) {
    throw new ValidationFailed({ birth_year_to: ["must be the same as or after birth_year_from"] });
  }
  const leaderIds = input.leader_ids ? await checkLeaders(caller, current.companyId, input.leader_ids) : undefined;
  const replans = input.schedule !== undefined || input.except_dates !== undefined || input.skip_holidays !== undefined;
  await db().$transaction(async (tx) => {
    await lockActivity(tx, id);
    const activity = await tx.activity.findUniqueOrThrow({ where: { id }, include: activityInclude });
    if (input.capacity) {
      const enrolled = await tx.activityParticipant.count({ where: { activityId: id, status: "ENROLLED" } });
      if (input.capacity < enrolled) {
        throw new ValidationFailed({ capacity: [`must be at least the ${enrolled} enrolled participants`] });
      }
    }
    const exceptDates = input.except_dates ? [...new Set(input.except_dates)].sort() : undefined;
    const updated = await tx.activity.update({
      where: { id },
      data: {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.birth_year_from !== undefined ? { birthYearFrom: input.birth_year_from } : {}),
        ...(input.birth_year_to !== undefined ? { birthYearTo: input.birth_year_to } : {}),
        ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
        ...(input.skip_holidays !== undefined ? { skipHolidays: input.skip_holidays } : {}),
        ...(input.signup_open !== undefined ? { signupOpen: input.signup_open } : {}),
        ...(exceptDates ? { exceptDates: JSON.stringify(exceptDates) } : {}),
      },
    });
    if (input.schedule) await writeSchedule(tx, id, input.schedule);
    if (leaderIds) await writeLeaders(tx, id, leaderIds);
    if (replans) {
      const rules = input.schedule ?? activity.rules.map(weeklyRule);
      const planned = planOf({
        rules,
        timeZone: updated.timeZone,
        exceptDates: JSON.parse(updated.exceptDates) as string[],
        skipHolidays: updated.skipHolidays,
      });
      await applyPlan(tx, id, planned, new Date());
    }
    if (input.capacity !== undefined) await promoteFromWaitlist(tx, caller, updated);
    await announce(tx, caller, "update", updated);
  });
  return getActivity(caller, id);
}

/**
 * DELETE /v3/activities/{id}: the activity, its occasions and enrollments. One with recorded attendance is 409: the
 * attendance backs grant reports, which are kept for seven years.
 */
export async function deleteActivity(caller: Caller, id: number): Promise<z.output<typeof OkResponse>> {
  const activity = await activityInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  await db().$transaction(async (tx) => {
    if (await tx.attendance.findFirst({ where: { occasion: { activityId: id } }, select: { memberId: true } })) {
      throw new Conflict("activity has recorded attendance");
    }
    await tx.activity.delete({ where: { id } });
    await announce(tx, caller, "delete", activity);
  });
  return { ok: true as const };
}
