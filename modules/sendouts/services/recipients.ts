// Who a sendout reaches. The rule is written once, as SQL, and serves both the dashboard's preview count and the fixing
// of the recipients when sending starts: everyone SUBSCRIBED to any of the chosen lists, once, who is not erased, has
// an address, has not opted out of everything (Member.globalOptOutAt) and whose address is not suppressed in the
// member's organization. The fixing is one INSERT … SELECT: 100,000 recipients never pass through this process.
import "server-only";
import { db, Prisma, type Tx } from "@/lib/db";
import type { SendoutReach } from "../schemas/sendout";
import type { z } from "zod";
import { assertWritableCompany } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { assertListsOfCompany } from "./sendouts";

/** Subscriptions (alias sub) of reachable people (alias m) on the lists: the rows both queries start from. */
function subscribedPeople(listIds: number[]): Prisma.Sql {
  return Prisma.sql`
    FROM "Subscription" sub
    JOIN "Member" m ON m."id" = sub."memberId"
    WHERE sub."listId" IN (${Prisma.join(listIds)})
      AND sub."status" = 'SUBSCRIBED'
      AND m."erasedAt" IS NULL
      AND m."email" IS NOT NULL AND m."email" <> ''`;
}

const optedOut = Prisma.sql`m."globalOptOutAt" IS NOT NULL`;

const suppressed = Prisma.sql`EXISTS (
  SELECT 1 FROM "Suppression" x
  WHERE x."organizationId" = m."organizationId" AND x."email" = m."email"
    AND x."suppressedAt" IS NOT NULL AND x."liftedAt" IS NULL)`;

/**
 * Stores the recipients of a sendout that starts now, inside the transaction that makes it SENDING. Each person once,
 * with the lowest chosen list they are subscribed to (whose unsubscribe link the message carries). Run twice, it
 * adds nobody (the unique (sendoutId, memberId)). Returns how many were stored.
 */
export async function fixRecipients(tx: Tx, sendoutId: number): Promise<number> {
  const lists = await tx.sendoutList.findMany({ where: { sendoutId }, select: { listId: true } });
  if (!lists.length) return 0;
  return tx.$executeRaw`
    INSERT INTO "SendoutRecipient" ("sendoutId", "memberId", "listId", "email", "status", "attempts")
    SELECT ${sendoutId}, m."id", MIN(sub."listId"), m."email", 'PENDING', 0
    ${subscribedPeople(lists.map((l) => l.listId))}
      AND NOT (${optedOut}) AND NOT ${suppressed}
    GROUP BY m."id", m."email"
    ON CONFLICT ("sendoutId", "memberId") DO NOTHING`;
}

/**
 * For the dashboard before sending: distinct people a sendout to these lists would reach now, and those it would
 * leave out for having opted out of everything or (not opted out, but) a suppressed address. Needs SENDOUT.U in the
 * company, like creating the sendout; every list must be the company's.
 */
export async function countSendoutRecipients(
  caller: Caller,
  companyId: string,
  listIds: number[],
): Promise<z.output<typeof SendoutReach>> {
  await assertWritableCompany(caller, companyId, "sendout", "SENDOUT.U");
  if (!listIds.length) return { recipients: 0, opted_out: 0, suppressed: 0 };
  await assertListsOfCompany(companyId, listIds);
  const [row] = await db().$queryRaw<
    { recipients: bigint | number | null; opted_out: bigint | number | null; suppressed: bigint | number | null }[]
  >`
    SELECT
      SUM(CASE WHEN opted_out = 0 AND suppressed = 0 THEN 1 ELSE 0 END) AS recipients,
      SUM(opted_out) AS opted_out,
      SUM(CASE WHEN opted_out = 0 THEN suppressed ELSE 0 END) AS suppressed
    FROM (
      SELECT DISTINCT m."id",
        CASE WHEN ${optedOut} THEN 1 ELSE 0 END AS opted_out,
        CASE WHEN ${suppressed} THEN 1 ELSE 0 END AS suppressed
      ${subscribedPeople(listIds)}
    ) people`;
  return {
    recipients: Number(row?.recipients ?? 0),
    opted_out: Number(row?.opted_out ?? 0),
    suppressed: Number(row?.suppressed ?? 0),
  };
}
