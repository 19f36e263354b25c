// Claiming sendout recipients for delivery (lib/services/sendout-delivery.ts): a lease on a batch of PENDING rows, so
// no two workers, in one process or many, send the same row, and handing back what a worker will not send after all.
import "server-only";
import { db, isPostgres, Prisma } from "../db";
import { env } from "../env";
import { liveCompanySql } from "./live-records";

export interface ClaimedRecipient {
  id: number;
  sendoutId: number;
  memberId: number;
  listId: number;
  email: string;
  attempts: number;
}

export const leaseEnd = (from = new Date()) => new Date(from.getTime() + env().SENDOUT_LEASE_SECONDS * 1000);

export const released = { leaseOwner: null, leaseUntil: null };

/**
 * Leases up to `limit` due PENDING rows of SENDING sendouts (of live companies: a deleted one's stop) to `owner`: the
 * oldest sendout's first, each sendout's in the order they were added.
 *
 * Sendout by sendout, so that each claim is one sendout's rows in the order of the index on (sendoutId, status, id):
 * it reads `limit` rows and stops. Over every sendout at once, both databases sorted every pending row of the
 * sendout for each claim (SQLite a temporary B-tree, PostgreSQL a bitmap scan and a sort of 10,000 rows in 24 ms),
 * and the time per message grew with the size of the sendout (issue 21).
 */
export async function claimRecipients(owner: string, limit: number, now = new Date()): Promise<ClaimedRecipient[]> {
  const sendouts = await db().$queryRaw<{ id: number | bigint }[]>`
    SELECT s."id" FROM "Sendout" s JOIN "Company" c ON c."id" = s."companyId"
    WHERE s."status" = 'SENDING' AND ${liveCompanySql("c")} ORDER BY s."id"`;
  const claimed: ClaimedRecipient[] = [];
  for (const { id } of sendouts) {
    if (claimed.length >= limit) break;
    claimed.push(...(await claimRecipientsOf(Number(id), owner, limit - claimed.length, now)));
  }
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * One sendout's part of claimRecipients, in one statement, so no two workers get a row: SQLite runs it alone; on
 * PostgreSQL the rows are locked as picked, and rows another worker is picking are skipped rather than waited for
 * (the CTE with FOR UPDATE is evaluated once, so its LIMIT holds). The sendout is checked again here: it may have been
 * paused, or its company deleted, since the caller read it.
 */
async function claimRecipientsOf(sendoutId: number, owner: string, limit: number, now: Date): Promise<ClaimedRecipient[]> {
  const lock = isPostgres() ? Prisma.sql`FOR UPDATE OF r SKIP LOCKED` : Prisma.empty;
  const rows = await db().$queryRaw<ClaimedRecipient[]>`
    WITH picked AS (
      SELECT r."id" FROM "SendoutRecipient" r
      WHERE r."sendoutId" = ${sendoutId} AND r."status" = 'PENDING'
        AND (r."leaseUntil" IS NULL OR r."leaseUntil" < ${now})
        AND (r."nextAttemptAt" IS NULL OR r."nextAttemptAt" <= ${now})
        AND EXISTS (
          SELECT 1 FROM "Sendout" s JOIN "Company" c ON c."id" = s."companyId"
          WHERE s."id" = ${sendoutId} AND s."status" = 'SENDING' AND ${liveCompanySql("c")})
      ORDER BY r."id" LIMIT ${limit} ${lock})
    UPDATE "SendoutRecipient" SET "leaseOwner" = ${owner}, "leaseUntil" = ${leaseEnd(now)}
    WHERE "id" IN (SELECT "id" FROM picked)
    RETURNING "id", "sendoutId", "memberId", "listId", "email", "attempts"`;
  return rows.map((r) => ({ ...r, id: Number(r.id), sendoutId: Number(r.sendoutId), memberId: Number(r.memberId), listId: Number(r.listId), attempts: Number(r.attempts) }));
}

export /** Rows this worker will not send now (it is stopping, or the sendout was paused or cancelled): free at once. */
async function release(owner: string, ids: number[]): Promise<void> {
  if (ids.length) await db().sendoutRecipient.updateMany({ where: { id: { in: ids }, leaseOwner: owner, status: "PENDING" }, data: released });
}

