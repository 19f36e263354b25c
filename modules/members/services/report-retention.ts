// How long an erased member's grant data must stay. LOK-stöd attendance (modules/activities) backs reports that
// RF-SISU keeps for seven years, so erasing a member who attended keeps what those reports read until seven years
// after the end of the year of their last attended occasion. It reads the attendance table directly: the activities
// domain builds on this one, so this one cannot ask it without an import cycle.
import "server-only";
import type { Tx } from "@/lib/db";

const GRANT_RECORD_YEARS = 7;

/** The end of the retention of `memberId`'s grant data, or null when nothing of theirs backs a report any more. */
export async function grantRecordsKeptUntil(tx: Tx, memberId: number, now: Date): Promise<Date | null> {
  const last = await tx.attendance.findFirst({
    where: { memberId, status: "PRESENT" },
    orderBy: { occasion: { startsAt: "desc" } },
    select: { occasion: { select: { startsAt: true } } },
  });
  if (!last) return null;
  const until = new Date(Date.UTC(last.occasion.startsAt.getUTCFullYear() + GRANT_RECORD_YEARS + 1, 0, 1));
  return until > now ? until : null;
}
