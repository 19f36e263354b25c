// The membership a member import gives: members imported into a company are its members, so each member the import
// creates or finds gets a membership in the company's current period (status MEMBER), unless it has one there already.
// Without one a member showed "Inga medlemskap" and belonged to nothing that the member screens and counts see. A
// company without a current period gets members without a membership, and the import screen says so before the upload.
import "server-only";
import { stockholmToday } from "@/lib/calendar";
import { db, type Tx } from "@/lib/db";
import { companyWithAncestors } from "@/modules/companies/services/tree";
import { jsonRows } from "@/lib/json-rows";

export interface ImportPeriod {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
}

/**
 * The period an import into the company gives memberships in: a current one (today in Stockholm between its first and
 * last day) of the company's own, else of the nearest company above it (periods may be a federation's, as the member
 * API allows); of several, the latest to start. Null when there is none.
 */
export async function importPeriod(companyId: string): Promise<ImportPeriod | null> {
  const chain = await companyWithAncestors(companyId);
  const today = new Date(`${stockholmToday()}T00:00:00Z`);
  const current = await db().period.findMany({
    where: { companyId: { in: chain }, startsOn: { lte: today }, endsOn: { gte: today } },
    orderBy: [{ startsOn: "desc" }, { id: "desc" }],
  });
  const nearest = current.sort((a, b) => chain.indexOf(a.companyId) - chain.indexOf(b.companyId))[0];
  if (!nearest) return null;
  return {
    id: nearest.id,
    name: nearest.name,
    startDate: nearest.startsOn.toISOString().slice(0, 10),
    endDate: nearest.endsOn.toISOString().slice(0, 10),
  };
}

/**
 * Memberships in the company's period for those of the members that have none there: by member, the id of each one
 * written (what undo removes). One INSERT for the batch, as the members' own (imports-write.ts).
 */
export async function addMemberships(
  tx: Tx,
  companyId: string,
  periodId: number,
  memberIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (!memberIds.length) return new Map();
  const have = new Set(
    (
      await tx.membership.findMany({
        where: { companyId, periodId, memberId: { in: memberIds } },
        select: { memberId: true },
      })
    ).map((m) => m.memberId),
  );
  const missing = [...new Set(memberIds)].filter((id) => !have.has(id));
  if (!missing.length) return new Map();
  const written = await tx.$queryRaw<{ id: number; memberId: number }[]>`
    INSERT INTO "Membership" ("memberId", "companyId", "periodId", "status", "createdAt")
    SELECT j."memberId", ${companyId}, ${periodId}, 'MEMBER', ${now} FROM (${jsonRows(
      [["memberId", "integer"]],
      missing.map((id) => [id]),
    )}) AS j
    RETURNING "id", "memberId"`;
  return new Map(written.map((m) => [Number(m.memberId), Number(m.id)]));
}
