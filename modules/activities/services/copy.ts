// An activity copied to a new term: the same details, leaders and weekly rules, the rules' dates moved to the new
// term (the weekdays are the rules' own, so they stay), holidays skipped as the original skips them, the occasions
// planned anew. The original's except dates belong to its own term and are not copied. Participants optionally: the
// ENROLLED ones in their order, ENROLLED up to the capacity and on the waitlist after.
import "server-only";
import { db } from "@/lib/db";
import { dateOfDay, epochDay } from "@/lib/calendar";
import { ValidationFailed } from "@/lib/errors";
import { requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { emitWebhookEvents } from "@/modules/webhooks/services/events";
import type { CopyActivityInput } from "../schemas/copy";
import { activityInScope } from "./activity-access";
import { announce, getActivity, weeklyRule, writeLeaders, writeSchedule } from "./activities";
import { applyPlan, planOf } from "./plan";
import type { WeeklyRule } from "./schedule";

type Rule = WeeklyRule & { from: string; to: string; location: string | null };

/**
 * The rules moved to the term starting `from`: each by the days from the original term's first date to `from`. A
 * rule that ran to the original's last date runs to `to` (the new term may be longer or shorter); others keep their
 * length within it; a rule that would start after `to` is left out. Without `to`, the term keeps its length.
 */
function shiftRules(rules: Rule[], from: string, to?: string): { rules: Rule[]; to: string } {
  if (!rules.length) return { rules, to: to ?? from };
  const start = rules.map((r) => r.from).reduce((a, b) => (a < b ? a : b));
  const end = rules.map((r) => r.to).reduce((a, b) => (a > b ? a : b));
  const offset = epochDay(from) - epochDay(start);
  const moved = (date: string) => dateOfDay(epochDay(date) + offset);
  const last = to ?? moved(end);
  const shifted = rules
    .map((r) => ({ ...r, from: moved(r.from), to: r.to === end || moved(r.to) > last ? last : moved(r.to) }))
    .filter((r) => r.from <= r.to);
  return { rules: shifted, to: last };
}

/** POST /v3/activities/{id}/copy: the copy, with its occasions (and participants when asked), in one transaction. */
export async function copyActivity(caller: Caller, id: number, input: CopyActivityInput) {
  const original = await activityInScope(caller, id);
  requirePermission(caller, "ACTIVITY.U");
  const [rules, leaders, enrolled] = await Promise.all([
    db().activityRule.findMany({ where: { activityId: id }, orderBy: { position: "asc" } }),
    db().activityLeader.findMany({ where: { activityId: id }, orderBy: [{ createdAt: "asc" }, { memberId: "asc" }] }),
    input.participants === "enrolled"
      ? db().activityParticipant.findMany({
          where: { activityId: id, status: "ENROLLED", member: { erasedAt: null } },
          orderBy: [{ enrolledAt: "asc" }, { memberId: "asc" }],
          select: { memberId: true },
        })
      : [],
  ]);
  const term = shiftRules(rules.map(weeklyRule), input.from_date, input.to_date);
  if (epochDay(term.to) - epochDay(input.from_date) >= 366)
    throw new ValidationFailed({ to_date: ["the new term must be shorter than 366 days"] });
  const planned = planOf({
    rules: term.rules,
    timeZone: original.timeZone,
    exceptDates: [],
    skipHolidays: original.skipHolidays,
  });
  const newId = await db().$transaction(async (tx) => {
    const created = await tx.activity.create({
      data: {
        companyId: original.companyId,
        name: input.name ?? original.name,
        description: original.description,
        location: original.location,
        birthYearFrom: original.birthYearFrom,
        birthYearTo: original.birthYearTo,
        capacity: original.capacity,
        timeZone: original.timeZone,
        skipHolidays: original.skipHolidays,
      },
    });
    await writeSchedule(tx, created.id, term.rules);
    await writeLeaders(
      tx,
      created.id,
      leaders.map((l) => l.memberId),
    );
    const occasions = await applyPlan(tx, created.id, planned, new Date());
    const room = original.capacity ?? Number.MAX_SAFE_INTEGER;
    const now = Date.now();
    // The waitlist's order is its time: one millisecond apart keeps the original's order.
    const participants = enrolled.map(({ memberId }, index) =>
      index < room
        ? { activityId: created.id, memberId, status: "ENROLLED", enrolledAt: new Date(now) }
        : { activityId: created.id, memberId, status: "WAITLIST", waitlistedAt: new Date(now + index - room) },
    );
    if (participants.length) await tx.activityParticipant.createMany({ data: participants });
    await announce(
      tx,
      caller,
      "create",
      created,
      `${created.name}: copy of activity ${id}, ${occasions} occasions, ${participants.length} participants`,
    );
    await emitWebhookEvents(
      tx,
      "activity.participant_changed",
      { companyId: created.companyId },
      participants.map((p) => ({
        activity_id: created.id,
        member_id: p.memberId,
        status: p.status as "ENROLLED" | "WAITLIST",
      })),
    );
    return created.id;
  });
  return getActivity(caller, newId);
}
