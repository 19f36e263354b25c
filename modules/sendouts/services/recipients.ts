// Who a sendout reaches. The rule is written once, as SQL, and serves both the dashboard's preview count and the fixing
// of the recipients when sending starts: everyone SUBSCRIBED to any of the chosen lists, once, who is not erased, has
// an address, has not opted out of everything (Member.globalOptOutAt) and whose address is not suppressed in the
// member's organization. The fixing is one INSERT … SELECT: 100,000 recipients never pass through this process.
import "server-only";
import { db, type Tx } from "@/lib/db";
import type { SendoutReach } from "../schemas/sendout";
import type { z } from "zod";
import { assertWritableCompany } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { assertActivitiesOfCompany, assertListsOfCompany } from "./recipient-choices";
import { optedOut, subscribedPeople, suppressed } from "./reach-rules";
import { activityReach, fixActivityRecipients, type ActivityContact } from "./activity-recipients";

/**
 * Stores the recipients of a sendout that starts now, inside the transaction that makes it SENDING. Each person once,
 * with the lowest chosen list they are subscribed to (whose unsubscribe link the message carries); then the contacts
 * of its activities (`activityContacts`, read just before the transaction: activity-recipients.ts) whose address the
 * lists did not reach. Run twice, it adds nobody (the unique (sendoutId, memberId)). Returns how many were stored.
 */
export async function fixRecipients(tx: Tx, sendoutId: number, activityContacts: ActivityContact[]): Promise<number> {
  const lists = await tx.sendoutList.findMany({ where: { sendoutId }, select: { listId: true } });
  const fromLists = lists.length
    ? await fixListRecipients(
        tx,
        sendoutId,
        lists.map((l) => l.listId),
      )
    : 0;
  return fromLists + (await fixActivityRecipients(tx, sendoutId, activityContacts));
}

function fixListRecipients(tx: Tx, sendoutId: number, listIds: number[]): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "SendoutRecipient" ("sendoutId", "memberId", "listId", "email", "status", "attempts")
    SELECT ${sendoutId}, m."id", MIN(sub."listId"), m."email", 'PENDING', 0
    ${subscribedPeople(listIds)}
      AND NOT (${optedOut}) AND NOT ${suppressed}
    GROUP BY m."id", m."email"
    ON CONFLICT ("sendoutId", "memberId") DO NOTHING`;
}

type Reach = z.output<typeof SendoutReach>;

/**
 * For the dashboard before sending: distinct people a sendout to these lists and activities would reach now, and
 * those it would leave out for having opted out of everything or (not opted out, but) a suppressed address. Needs
 * SENDOUT.U in the company, like creating the sendout; every list and activity must be the company's.
 */
export async function countSendoutRecipients(
  caller: Caller,
  companyId: string,
  listIds: number[],
  activityIds: number[] = [],
): Promise<Reach> {
  await assertWritableCompany(caller, companyId, "sendout", "SENDOUT.U");
  await assertListsOfCompany(companyId, listIds);
  await assertActivitiesOfCompany(companyId, activityIds);
  const lists = await listReach(listIds);
  if (!activityIds.length) return lists;
  const activities = await activityReach(listIds, activityIds, new Date());
  return {
    recipients: lists.recipients + activities.recipients,
    opted_out: lists.opted_out + activities.opted_out,
    suppressed: lists.suppressed + activities.suppressed,
  };
}

async function listReach(listIds: number[]): Promise<Reach> {
  if (!listIds.length) return { recipients: 0, opted_out: 0, suppressed: 0 };
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
