// Who a sendout to activities reaches: the contacts of each activity's participants (modules/activities contacts.ts:
// a child's guardians, from 13 the participant too), each address once, and none the sendout's lists already reach.
// Left out like a list's subscribers: erased people, those who opted out of everything, suppressed addresses. A list's
// unsubscribe does not apply (they are written to as the activity's contacts, not as a list's subscribers): their
// message is a service message without a list's links (mail/sendout-message.ts).
import "server-only";
import { db, Prisma, type Tx } from "@/lib/db";
import { activityContacts, type ActivityContact } from "@/modules/activities/services/contacts";
import { optedOut, subscribedPeople, suppressed, suppressedAddress } from "./reach-rules";

export type { ActivityContact };

/** SendoutRecipient.listId of a row reached through an activity: no list (list ids start at 1). */
export const ACTIVITY_CONTACT = 0;

/** Addresses per statement when looking up many: well inside both databases' limits on bound values. */
const CHUNK = 500;

/** Every contact of the activities at `now`, in the activities' order, each address once (its first contact). */
async function contactsOf(activityIds: number[], now: Date): Promise<ActivityContact[]> {
  const seen = new Set<string>();
  const contacts: ActivityContact[] = [];
  for (const activityId of activityIds) {
    for (const contact of await activityContacts(activityId, now)) {
      if (seen.has(contact.email)) continue;
      seen.add(contact.email);
      contacts.push(contact);
    }
  }
  return contacts;
}

/**
 * The contacts of a sendout's activities as they are at `now`. Read before the transaction that fixes the recipients
 * (fixRecipients), outside it: the contacts' own reads must not wait on the transaction's connection.
 */
export async function sendoutActivityContacts(sendoutId: number, now: Date): Promise<ActivityContact[]> {
  const chosen = await db().sendoutActivity.findMany({
    where: { sendoutId },
    select: { activityId: true },
    orderBy: { activityId: "asc" },
  });
  return contactsOf(
    chosen.map((a) => a.activityId),
    now,
  );
}

/**
 * Stores the contacts as recipients of `sendoutId` (after its lists' recipients): a person, or an address, already
 * there is not added again. One statement per contact: an activity's contacts are a group's, not a list's thousands.
 */
export async function fixActivityRecipients(tx: Tx, sendoutId: number, contacts: ActivityContact[]): Promise<number> {
  let stored = 0;
  for (const { memberId, email } of contacts) {
    stored += await tx.$executeRaw`
      INSERT INTO "SendoutRecipient" ("sendoutId", "memberId", "listId", "email", "status", "attempts")
      SELECT ${sendoutId}, m."id", ${ACTIVITY_CONTACT}, ${email}, 'PENDING', 0
      FROM "Member" m
      WHERE m."id" = ${memberId} AND m."erasedAt" IS NULL
        AND NOT (${optedOut}) AND NOT ${suppressedAddress(Prisma.sql`${email}`)}
        AND NOT EXISTS (SELECT 1 FROM "SendoutRecipient" r WHERE r."sendoutId" = ${sendoutId} AND r."email" = ${email})
      ON CONFLICT ("sendoutId", "memberId") DO NOTHING`;
  }
  return stored;
}

/** Addresses among `emails` that the lists reach (subscribed, not opted out, not suppressed). */
async function reachedByLists(listIds: number[], emails: string[]): Promise<Set<string>> {
  const reached = new Set<string>();
  if (!listIds.length) return reached;
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await db().$queryRaw<{ email: string }[]>`
      SELECT DISTINCT m."email" AS "email" ${subscribedPeople(listIds)}
        AND m."email" IN (${Prisma.join(emails.slice(i, i + CHUNK))}) AND NOT (${optedOut}) AND NOT ${suppressed}`;
    for (const row of rows) reached.add(row.email);
  }
  return reached;
}

/**
 * What the activities add to the lists' reach now: their contacts' addresses the lists do not reach, and those left
 * out (opted out of everything; not opted out but suppressed), each address counted once.
 */
export async function activityReach(listIds: number[], activityIds: number[], now: Date) {
  const contacts = await contactsOf(activityIds, now);
  const onLists = await reachedByLists(
    listIds,
    contacts.map((c) => c.email),
  );
  const left = contacts.filter((c) => !onLists.has(c.email));
  const members = new Map<number, { organizationId: string; globalOptOutAt: Date | null; erasedAt: Date | null }>();
  const blocked = new Set<string>();
  for (let i = 0; i < left.length; i += CHUNK) {
    const part = left.slice(i, i + CHUNK);
    const rows = await db().member.findMany({
      where: { id: { in: part.map((c) => c.memberId) } },
      select: { id: true, organizationId: true, globalOptOutAt: true, erasedAt: true },
    });
    for (const row of rows) members.set(row.id, row);
    const suppressions = await db().suppression.findMany({
      where: { email: { in: part.map((c) => c.email) }, suppressedAt: { not: null }, liftedAt: null },
      select: { organizationId: true, email: true },
    });
    for (const s of suppressions) blocked.add(`${s.organizationId} ${s.email}`);
  }
  const reach = { recipients: 0, opted_out: 0, suppressed: 0 };
  for (const contact of left) {
    const member = members.get(contact.memberId);
    if (!member || member.erasedAt) continue;
    if (member.globalOptOutAt) reach.opted_out++;
    else if (blocked.has(`${member.organizationId} ${contact.email}`)) reach.suppressed++;
    else reach.recipients++;
  }
  return reach;
}
