// The occasions of an activity: listed, added or moved or cancelled by hand, and their attendance. Attendance needs
// ATTENDANCE.U (a leader's right) rather than ACTIVITY.U; each record that changes a status is kept in
// AttendanceChange with who and when, and the same records sent again change nothing.
import "server-only";
import type { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";
import { formatInZone } from "@/modules/events/schemas/event";
import type {
  AddOccasionInput,
  AttendanceStatus,
  OccasionDetail,
  OccasionView,
  RecordAttendanceInput,
  UpdateOccasionInput,
} from "../schemas/occasion";
import { activityInScope, occasionInScope } from "./activity-access";

/** The most occasions one activity holds: a year of a few rules' occasions plus those added by hand. */
const MAX_OCCASIONS_PER_ACTIVITY = 1000;

interface OccasionRow {
  id: number;
  activityId: number;
  plannedAt: Date | null;
  startsAt: Date;
  durationMinutes: number;
  location: string | null;
  status: string;
}

function occasionView(
  o: OccasionRow,
  activity: { location: string | null; timeZone: string },
): z.output<typeof OccasionView> {
  return {
    id: o.id,
    activity_id: o.activityId,
    starts_at: formatInZone(o.startsAt, activity.timeZone),
    ends_at: formatInZone(new Date(o.startsAt.getTime() + o.durationMinutes * 60_000), activity.timeZone),
    duration_minutes: o.durationMinutes,
    location: o.location ?? activity.location,
    status: o.status as "SCHEDULED" | "CANCELLED",
    planned: o.plannedAt !== null,
    moved: o.plannedAt !== null && o.plannedAt.getTime() !== o.startsAt.getTime(),
  };
}

/** GET /v3/activities/{id}/occasions: by start, optionally those starting within [from, to). */
export async function listOccasions(caller: Caller, id: number, range: { from?: Date; to?: Date }) {
  const activity = await activityInScope(caller, id);
  const occasions = await db().occasion.findMany({
    where: {
      activityId: id,
      startsAt: { ...(range.from ? { gte: range.from } : {}), ...(range.to ? { lt: range.to } : {}) },
    },
    orderBy: [{ startsAt: "asc" }, { id: "asc" }],
    take: MAX_OCCASIONS_PER_ACTIVITY,
  });
  return occasions.map((o) => occasionView(o, activity));
}

/** POST /v3/activities/{id}/occasions: an occasion outside the schedule (a match, an extra session). */
export async function addOccasion(caller: Caller, id: number, input: AddOccasionInput) {
  const activity = await activityInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  const occasion = await db().$transaction(async (tx) => {
    if ((await tx.occasion.count({ where: { activityId: id } })) >= MAX_OCCASIONS_PER_ACTIVITY) {
      throw new Conflict(`activity has ${MAX_OCCASIONS_PER_ACTIVITY} occasions`);
    }
    const created = await tx.occasion.create({
      data: {
        activityId: id,
        startsAt: input.starts_at,
        durationMinutes: input.duration_minutes,
        location: input.location ?? null,
        status: "SCHEDULED",
      },
    });
    await recordAudit(tx, caller, {
      action: "occasion.create",
      objectType: "occasion",
      objectId: created.id,
      companyId: activity.companyId,
      summary: `${activity.name}: ${formatInZone(created.startsAt, activity.timeZone)}`,
    });
    return created;
  });
  return occasionView(occasion, activity);
}

/** PUT /v3/occasions/{id}: move it, change its length or place, cancel it or take it back. */
export async function updateOccasion(caller: Caller, id: number, input: UpdateOccasionInput) {
  const current = await occasionInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  const occasion = await db().$transaction(async (tx) => {
    const updated = await tx.occasion.update({
      where: { id },
      data: {
        ...(input.starts_at !== undefined ? { startsAt: input.starts_at } : {}),
        ...(input.duration_minutes !== undefined ? { durationMinutes: input.duration_minutes } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
      },
    });
    await recordAudit(tx, caller, {
      action: input.status === "CANCELLED" && current.status !== "CANCELLED" ? "occasion.cancel" : "occasion.update",
      objectType: "occasion",
      objectId: id,
      companyId: current.activity.companyId,
      summary: `${current.activity.name}: ${formatInZone(updated.startsAt, current.activity.timeZone)}`,
    });
    return updated;
  });
  return occasionView(occasion, current.activity);
}

/**
 * Whose attendance an occasion takes: the activity's leaders, its participants ENROLLED now, and the records it holds
 * (anyone recorded before, also someone who has left since), each by member id.
 */
async function attendanceOf(client: Tx, occasion: { id: number; activityId: number }) {
  const [leaders, enrolled, recorded] = await Promise.all([
    client.activityLeader.findMany({ where: { activityId: occasion.activityId }, select: { memberId: true } }),
    client.activityParticipant.findMany({
      where: { activityId: occasion.activityId, status: "ENROLLED" },
      select: { memberId: true },
    }),
    client.attendance.findMany({ where: { occasionId: occasion.id } }),
  ]);
  return {
    leaderIds: new Set(leaders.map((l) => l.memberId)),
    participantIds: new Set(enrolled.map((p) => p.memberId)),
    records: new Map(recorded.map((r) => [r.memberId, r])),
  };
}

/**
 * GET /v3/occasions/{id}: the occasion with everyone whose attendance it takes: the leaders, the participants
 * ENROLLED now, and anyone recorded on it before (someone who left since stays on the occasions they attended).
 */
export async function getOccasion(caller: Caller, id: number): Promise<z.output<typeof OccasionDetail>> {
  return occasionDetail(await occasionInScope(caller, id));
}

/** An occasion the caller may see, with its people and their records. */
async function occasionDetail(
  occasion: Awaited<ReturnType<typeof occasionInScope>>,
): Promise<z.output<typeof OccasionDetail>> {
  const [{ leaderIds, participantIds, records }, changes] = await Promise.all([
    attendanceOf(db(), occasion),
    db().attendanceChange.groupBy({
      by: ["memberId"],
      where: { occasionId: occasion.id },
      _count: { _all: true },
    }),
  ]);
  const ids = [...new Set([...leaderIds, ...participantIds, ...records.keys()])];
  const members = await db().member.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstname: true, lastname: true },
  });
  const names = new Map(members.map((m) => [m.id, m]));
  const changeCounts = new Map(changes.map((c) => [c.memberId, c._count._all]));
  const people = ids.map((memberId) => {
    const record = records.get(memberId);
    const member = names.get(memberId);
    return {
      member_id: memberId,
      firstname: member?.firstname ?? null,
      lastname: member?.lastname ?? null,
      role: (record?.role ?? (leaderIds.has(memberId) ? "LEADER" : "PARTICIPANT")) as "LEADER" | "PARTICIPANT",
      status: (record?.status ?? null) as AttendanceStatus | null,
      recorded_at: record?.recordedAt.toISOString() ?? null,
      recorded_by: record?.recordedBy ?? null,
      changes: changeCounts.get(memberId) ?? 0,
    };
  });
  const sortName = (p: (typeof people)[number]) => `${p.lastname ?? ""} ${p.firstname ?? ""}`.toLocaleLowerCase("sv");
  people.sort(
    (a, b) =>
      (a.role === "LEADER" ? 0 : 1) - (b.role === "LEADER" ? 0 : 1) ||
      sortName(a).localeCompare(sortName(b), "sv") ||
      a.member_id - b.member_id,
  );
  return { ...occasionView(occasion, occasion.activity), attendance: people };
}

/**
 * PUT /v3/occasions/{id}/attendance: each record sets one person's status. Only the activity's leaders, its
 * participants ENROLLED now and anyone already recorded on the occasion can be recorded (400 naming the record).
 * A cancelled occasion is 409, and so is one on a later day than today in the activity's time zone. The occasion's
 * row lock makes the same records sent twice at once write one change, not two.
 */
export async function recordAttendance(caller: Caller, id: number, records: RecordAttendanceInput) {
  const occasion = await occasionInScope(caller, id);
  requirePermission(caller, "ATTENDANCE.U");
  if (occasion.status === "CANCELLED") throw new Conflict("occasion is cancelled");
  const timeZone = occasion.activity.timeZone;
  const now = new Date();
  if (formatInZone(occasion.startsAt, timeZone).slice(0, 10) > formatInZone(now, timeZone).slice(0, 10)) {
    throw new Conflict("occasion is on a later day");
  }
  await db().$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE "Occasion" SET "id" = "id" WHERE "id" = ${id}`;
    const { leaderIds, participantIds, records: current } = await attendanceOf(tx, occasion);
    const errors: Record<string, string[]> = {};
    records.forEach((r, index) => {
      if (!leaderIds.has(r.member_id) && !participantIds.has(r.member_id) && !current.has(r.member_id)) {
        errors[`attendance.${index}.member_id`] = ["not a leader or participant of the activity"];
      }
    });
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const changed = records.filter((r) => current.get(r.member_id)?.status !== r.status);
    if (changed.length === 0) return;
    // New records in one statement, changed ones in one per status: a team's whole list is a handful of statements
    // under the occasion's lock, not one per person.
    const recorded = { recordedAt: now, recordedBy: caller.actor };
    const fresh = changed.filter((r) => !current.has(r.member_id));
    if (fresh.length > 0)
      await tx.attendance.createMany({
        data: fresh.map((r) => ({
          occasionId: id,
          memberId: r.member_id,
          role: leaderIds.has(r.member_id) ? "LEADER" : "PARTICIPANT",
          status: r.status,
          ...recorded,
        })),
      });
    const updated = Map.groupBy(
      changed.filter((r) => current.has(r.member_id)),
      (r) => r.status,
    );
    for (const [status, list] of updated)
      await tx.attendance.updateMany({
        where: { occasionId: id, memberId: { in: list.map((r) => r.member_id) } },
        data: { status, ...recorded },
      });
    await tx.attendanceChange.createMany({
      data: changed.map((r) => ({
        occasionId: id,
        memberId: r.member_id,
        fromStatus: current.get(r.member_id)?.status ?? null,
        toStatus: r.status,
        changedAt: now,
        changedBy: caller.actor,
      })),
    });
    await emitWebhookEvent(
      tx,
      "attendance.recorded",
      { companyId: occasion.activity.companyId },
      {
        activity_id: occasion.activityId,
        occasion_id: id,
        records: changed.map((r) => ({ member_id: r.member_id, status: r.status })),
      },
    );
    await recordAudit(tx, caller, {
      action: "attendance.record",
      objectType: "occasion",
      objectId: id,
      companyId: occasion.activity.companyId,
      summary: `${occasion.activity.name}: ${changed.length} recorded`,
    });
  });
  return occasionDetail(occasion);
}
