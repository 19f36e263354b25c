// The dashboard's activity reads that /v3 does not have: the companies the screens can show, and the list with each
// activity's next occasion (one statement for all of them).
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyChoices } from "@/modules/companies/services/directory";
import { formatInZone } from "@/modules/events/schemas/event";
import type { ActivityListRow } from "../schemas/dashboard";
import { listActivities } from "./activities";

/** The companies the activity screens can show activities of. */
export async function activityCompanyChoices(caller: Caller) {
  requireModule(caller, "activity");
  return companyChoices(caller);
}

/** The company's activities (listActivities) with the start of each one's next scheduled occasion. */
export async function listActivitiesWithNext(
  caller: Caller,
  companyId: string,
  now = new Date(),
): Promise<z.output<typeof ActivityListRow>[]> {
  const activities = await listActivities(caller, companyId);
  const next = await db().occasion.groupBy({
    by: ["activityId"],
    where: { activityId: { in: activities.map((a) => a.id) }, status: "SCHEDULED", startsAt: { gte: now } },
    _min: { startsAt: true },
  });
  const nextOf = new Map(next.map((n) => [n.activityId, n._min.startsAt]));
  return activities.map((a) => {
    const at = nextOf.get(a.id);
    return { ...a, next_occasion_at: at ? formatInZone(at, a.time_zone) : null };
  });
}
