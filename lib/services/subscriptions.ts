// Subscribing and unsubscribing: the public form and sendout unsubscribe links, and the primitives that keep a
// list's active count in step (staff subscribe through subscribers.ts).
import "server-only";
import type { z } from "zod";
import crypto from "node:crypto";
import { db, Prisma, type Tx } from "../db";
import { env } from "../env";
import { CapReached, Forbidden } from "../errors";
import type { SubscribeInput, SubscribeResult, SUBSCRIPTION_SOURCES, SUBSCRIPTION_STATUSES, SubscriptionView } from "../validation/subscription";
import { isUuid } from "../validation/common";
import { normalizeEmail } from "../validation/email";
import { loadPublicList } from "./public-lists";
import { isValidGlobalOptOutToken } from "./unsubscribe-links";

type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

type SubscriptionRow = {
  id: number;
  listId: number;
  memberId: number;
  status: string;
  source: string;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
};

export function subscriptionView(s: SubscriptionRow): z.output<typeof SubscriptionView> {
  return {
    id: s.id,
    list_id: s.listId,
    member_id: s.memberId,
    status: s.status as (typeof SUBSCRIPTION_STATUSES)[number],
    source: s.source as SubscriptionSource,
    subscribed_at: s.subscribedAt.toISOString(),
    unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
  };
}

export function effectiveCap(list: { subscriberCap: number | null }): number {
  return list.subscriberCap ?? env().SUBSCRIBER_CAP_DEFAULT;
}

/** effectiveCap's rule over the SubscriptionList row itself, for the conditional slot claim. */
function effectiveCapSql(): Prisma.Sql {
  return Prisma.sql`COALESCE("subscriberCap", ${env().SUBSCRIBER_CAP_DEFAULT})`;
}

const SUBSCRIPTION_COLUMNS = Prisma.raw(`"id", "listId", "memberId", "status", "source", "subscribedAt", "unsubscribedAt"`);

/**
 * Subscribes `memberId` to the list inside `tx`. Already subscribed: the subscription unchanged, no slot taken.
 * Otherwise it is activated (created or re-activated in one upsert) and a slot of the list claimed LAST, with a
 * conditional increment that with `enforceCap` matches no row at the cap (429, the transaction rolls back). On
 * PostgreSQL the list's row lock is thus held only from the claim to the commit, not across the whole subscribe, and
 * every writer takes its locks in one order (member, subscription, list), so writers cannot deadlock. Every change of
 * a subscription's status goes through this and deactivateSubscription, which keep `activeCount` in step.
 */
export async function activateSubscription(tx: Tx, listId: number, memberId: number, source: SubscriptionSource, enforceCap: boolean): Promise<SubscriptionRow> {
  const now = new Date();
  // A row comes back only when the upsert inserted or re-activated one: status was not SUBSCRIBED before.
  const [activated] = await tx.$queryRaw<SubscriptionRow[]>`
    INSERT INTO "Subscription" ("listId", "memberId", "status", "source", "subscribedAt", "unsubscribedAt")
    VALUES (${listId}, ${memberId}, 'SUBSCRIBED', ${source}, ${now}, NULL)
    ON CONFLICT ("listId", "memberId") DO UPDATE
      SET "status" = 'SUBSCRIBED', "source" = excluded."source", "subscribedAt" = excluded."subscribedAt", "unsubscribedAt" = NULL
      WHERE "Subscription"."status" <> 'SUBSCRIBED'
    RETURNING ${SUBSCRIPTION_COLUMNS}`;
  if (!activated) {
    const [existing] = await tx.$queryRaw<SubscriptionRow[]>`
      SELECT ${SUBSCRIPTION_COLUMNS} FROM "Subscription" WHERE "listId" = ${listId} AND "memberId" = ${memberId}`;
    return existing;
  }
  const underCap = enforceCap ? Prisma.sql`AND "activeCount" < ${effectiveCapSql()}` : Prisma.empty;
  const claimed = await tx.$executeRaw`
    UPDATE "SubscriptionList" SET "activeCount" = "activeCount" + 1, "updatedAt" = ${now} WHERE "id" = ${listId} ${underCap}`;
  if (claimed === 0) throw new CapReached();
  return activated;
}

/** Ends an active subscription and frees its slot; a no-op when it is not active. The same lock order as above. */
export async function deactivateSubscription(tx: Tx, listId: number, memberId: number): Promise<boolean> {
  const ended = await tx.subscription.updateMany({
    where: { listId, memberId, status: "SUBSCRIBED" },
    data: { status: "UNSUBSCRIBED", unsubscribedAt: new Date() },
  });
  if (ended.count === 0) return false;
  await tx.subscriptionList.updateMany({ where: { id: listId, activeCount: { gt: 0 } }, data: { activeCount: { decrement: 1 } } });
  return true;
}

/** `"col" = its current value, or the visitor's when it has none (null or empty)`, for the member upsert. */
const fillIfEmpty = (column: string) =>
  Prisma.raw(`"${column}" = CASE WHEN COALESCE("Member"."${column}", '') = '' THEN COALESCE(excluded."${column}", "Member"."${column}") ELSE "Member"."${column}" END`);
const fills = (column: string) => Prisma.raw(`(COALESCE("Member"."${column}", '') = '' AND excluded."${column}" IS NOT NULL)`);

/**
 * The organization's member with that email, created or updated in one upsert: names and phone fill only fields the
 * member does not have yet, a global opt-out is lifted. `updatedAt` moves only when something changed (it dates
 * the member's last change). The unique index (organizationId, email) makes simultaneous first subscribes with
 * one email share one member.
 */
async function upsertVisitor(tx: Tx, organizationId: string, email: string, input: SubscribeInput, now: Date): Promise<number> {
  const [member] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "Member" ("uuid", "organizationId", "email", "firstname", "lastname", "phone", "createdAt", "updatedAt")
    VALUES (${crypto.randomUUID()}, ${organizationId}, ${email}, ${input.firstname ?? null}, ${input.lastname ?? null}, ${input.phone ?? null}, ${now}, ${now})
    ON CONFLICT ("organizationId", "email") DO UPDATE SET
      ${fillIfEmpty("firstname")}, ${fillIfEmpty("lastname")}, ${fillIfEmpty("phone")}, "globalOptOutAt" = NULL,
      "updatedAt" = CASE WHEN ${fills("firstname")} OR ${fills("lastname")} OR ${fills("phone")} OR "Member"."globalOptOutAt" IS NOT NULL
        THEN excluded."updatedAt" ELSE "Member"."updatedAt" END
    RETURNING "id"`;
  return member.id;
}

/**
 * POST /v3/subscription_list/public/{uuid}. Reuses the organization's member with that email (creating one
 * otherwise), stores the answered questions that belong to the list as member properties, records consent to the
 * list's term, and subscribes it, all in one transaction of tagged SQL (a handful of statements, none of Prisma's
 * per-query compilation). Names and phone fill only fields the member does not have yet: an anonymous form must not
 * overwrite what the association knows. An explicit subscribe lifts a global opt-out. At the cap (429) nothing stays.
 */
export async function subscribeVisitor(listUuid: string | null, input: SubscribeInput): Promise<z.output<typeof SubscribeResult>> {
  const list = await loadPublicList(listUuid); // cached; 404 `list not found`
  const email = normalizeEmail(input.email);
  const answered = [...new Set(input.answered_prop_ids ?? [])].filter((id) => list.questionIds.has(id));

  return db().$transaction(async (tx) => {
    const now = new Date();
    const memberId = await upsertVisitor(tx, list.companyId, email, input, now);
    if (answered.length) {
      const rows = answered.map((propertyId) => Prisma.sql`(${memberId}, ${propertyId}, ${now})`);
      await tx.$executeRaw`INSERT INTO "MemberProperty" ("memberId", "propertyId", "createdAt") VALUES ${Prisma.join(rows)} ON CONFLICT DO NOTHING`;
    }
    if (input.terms_accepted === true && list.termId) {
      await tx.$executeRaw`INSERT INTO "MemberConsent" ("memberId", "termId", "sourceListId", "acceptedAt") VALUES (${memberId}, ${list.termId}, ${list.listId}, ${now})`;
    }
    const subscription = await activateSubscription(tx, list.listId, memberId, "PUBLIC_FORM", true);
    return { member_id: memberId, subscription: subscriptionView(subscription) };
  });
}

/**
 * POST /v3/subscription_list/unsubscribe/{list_uuid}/{member_uuid}: ends the subscription if there is one. Says
 * nothing about what exists, so the caller always answers {ok: true}.
 */
export async function unsubscribeByUuids(listUuid: string | null, memberUuid: string | null): Promise<void> {
  if (!listUuid || !isUuid(listUuid) || !memberUuid || !isUuid(memberUuid)) return;
  const found = await db().subscription.findFirst({
    where: { list: { uuid: listUuid }, member: { uuid: memberUuid }, status: "SUBSCRIBED" },
    select: { listId: true, memberId: true },
  });
  if (!found) return;
  await db().$transaction((tx) => deactivateSubscription(tx, found.listId, found.memberId));
}

/** Global opt-out (the token is checked by the caller): no future sendouts, every subscription ended. */
export async function optOutEverywhere(memberUuid: string): Promise<boolean> {
  const member = isUuid(memberUuid) ? await db().member.findUnique({ where: { uuid: memberUuid }, select: { id: true } }) : null;
  if (!member) return false;
  await db().$transaction(async (tx) => {
    await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: new Date() } });
    const active = await tx.subscription.findMany({ where: { memberId: member.id, status: "SUBSCRIBED" }, select: { listId: true } });
    for (const { listId } of active) await deactivateSubscription(tx, listId, member.id);
  });
  return true;
}

/** POST /v3/subscription_list/unsubscribe/all/{member_uuid}: a valid token for that member, or 403. */
export async function optOutWithToken(memberUuid: string, token: string | undefined): Promise<void> {
  if (!token || !isValidGlobalOptOutToken(memberUuid, token)) throw new Forbidden("invalid or expired link");
  await optOutEverywhere(memberUuid);
}
