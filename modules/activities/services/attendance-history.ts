// The changes of an occasion's attendance, newest first: who set whose status from what to what, and when (kept by
// recordAttendance in AttendanceChange). The dashboard shows them under the attendance it corrects.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import type { Caller } from "@/modules/access/services/caller";
import type { AttendanceChangeView } from "../schemas/dashboard";
import { occasionInScope } from "./activity-access";

/** The most changes read: every record of a large group (500) changed a few times. */
const MAX_CHANGES = 2000;

type Status = z.output<typeof AttendanceChangeView>["to_status"];

export async function attendanceHistory(
  caller: Caller,
  occasionId: number,
): Promise<z.output<typeof AttendanceChangeView>[]> {
  await occasionInScope(caller, occasionId);
  const changes = await db().attendanceChange.findMany({
    where: { occasionId },
    orderBy: [{ changedAt: "desc" }, { id: "desc" }],
    take: MAX_CHANGES,
  });
  return changes.map((c) => ({
    member_id: c.memberId,
    from_status: c.fromStatus as Status | null,
    to_status: c.toStatus as Status,
    changed_at: c.changedAt.toISOString(),
    changed_by: c.changedBy,
  }));
}
