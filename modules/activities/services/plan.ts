// An activity's schedule made into occasions, and made again when the schedule changes. Occasions the schedule gave
// are known by their planned start (kept when one is moved by hand), so a new plan keeps what it still gives, adds
// what is new, and removes what it no longer gives unless that has happened already or has attendance (history, which
// a grant report may rest on) or was moved by hand (a person's decision, which the schedule does not overrule).
import "server-only";
import type { Tx } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import { planOccasions, type PlannedOccasion, type WeeklyRule } from "./schedule";

export interface ScheduleSettings {
  rules: WeeklyRule[];
  timeZone: string;
  exceptDates: string[];
  skipHolidays: boolean;
}

/** The plan of a schedule, or 400 on `schedule` when it would make more occasions than one activity may have. */
export function planOf(settings: ScheduleSettings): PlannedOccasion[] {
  try {
    return planOccasions(settings.rules, {
      timeZone: settings.timeZone,
      exceptDates: settings.exceptDates,
      skipHolidays: settings.skipHolidays,
    }).occasions;
  } catch (error) {
    if (error instanceof RangeError) throw new ValidationFailed({ schedule: [error.message] });
    throw error;
  }
}

/** Writes `planned` as the activity's scheduled occasions (see the file's head); returns how many were added. */
export async function applyPlan(tx: Tx, activityId: number, planned: PlannedOccasion[], now: Date): Promise<number> {
  const existing = await tx.occasion.findMany({
    where: { activityId, plannedAt: { not: null } },
    select: {
      id: true,
      plannedAt: true,
      startsAt: true,
      durationMinutes: true,
      location: true,
      _count: { select: { attendance: true } },
    },
  });
  const wanted = new Map(planned.map((o) => [o.starts_at.getTime(), o]));
  const kept = new Set<number>();
  const gone: number[] = [];
  for (const occasion of existing) {
    const at = occasion.plannedAt!.getTime();
    if (wanted.has(at)) kept.add(at);
    else if (occasion.startsAt < now || occasion._count.attendance > 0 || occasion.startsAt.getTime() !== at) {
      kept.add(at); // history, or moved by hand: the occasion stays as it is, outside the new schedule
    } else gone.push(occasion.id);
  }
  if (gone.length > 0) await tx.occasion.deleteMany({ where: { id: { in: gone } } });
  // A future occasion still planned takes its rule's length and place, unless it was moved by hand.
  for (const occasion of existing) {
    const plan = wanted.get(occasion.plannedAt!.getTime());
    if (!plan || occasion.startsAt < now || occasion.startsAt.getTime() !== occasion.plannedAt!.getTime()) continue;
    const location = plan.location ?? null;
    if (occasion.durationMinutes === plan.duration_minutes && occasion.location === location) continue;
    await tx.occasion.update({
      where: { id: occasion.id },
      data: { durationMinutes: plan.duration_minutes, location },
    });
  }
  const added = planned.filter((o) => !kept.has(o.starts_at.getTime()));
  if (added.length > 0) {
    await tx.occasion.createMany({
      data: added.map((o) => ({
        activityId,
        plannedAt: o.starts_at,
        startsAt: o.starts_at,
        durationMinutes: o.duration_minutes,
        location: o.location ?? null,
        status: "SCHEDULED",
      })),
    });
  }
  return added.length;
}
