// Subscribing and unsubscribing: sendout unsubscribe links, the global opt-out, and the primitives that keep a list's
// active count in step (the public form subscribes through public-subscribe.ts, staff through subscribers.ts).
import "server-only";
import type { z } from "zod";
import { db, Prisma, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { CapReached, Forbidden } from "@/lib/errors";
import type { SUBSCRIPTION_SOURCES, SUBSCRIPTION_STATUSES, SubscriptionView } from "../schemas/subscription";
import { isUuid } from "@/lib/validation/common";
import { isValidGlobalOptOutToken } from "./unsubscribe-links";
import { emitWebhookEvent, emitWebhookEvents, writeHeldEvents } from "@/modules/webhooks/services/events";
import { jsonRows } from "@/lib/json-rows";
import {
  recordPublicSubscriptionChange,
  recordPublicSubscriptionChanges,
  type PublicChannel,
} from "@/modules/audit/services/audit";

type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];
/** How a subscription became active: the consent evidence kept with it (confirmedVia). */
type ConfirmedVia = "EMAIL_LINK" | "ADMIN" | "API" | "PREFERENCES";

export type SubscriptionRow = {
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

export const SUBSCRIPTION_COLUMNS = Prisma.raw(
  `"id", "listId", "memberId", "status", "source", "subscribedAt", "unsubscribedAt"`,
);

/**
 * The activating upsert's conflict clause: an existing subscription that is not SUBSCRIBED is re-activated (what a
 * pending one held dropped); one that is stays as it is and RETURNING gives no row for it.
 */
const ACTIVATE_ON_CONFLICT = Prisma.sql`ON CONFLICT ("listId", "memberId") DO UPDATE
      SET "status" = 'SUBSCRIBED', "source" = excluded."source", "subscribedAt" = excluded."subscribedAt", "unsubscribedAt" = NULL,
        "confirmedAt" = excluded."confirmedAt", "confirmedVia" = excluded."confirmedVia", "pendingData" = NULL, "endedWhilePending" = ${false}
      WHERE "Subscription"."status" <> 'SUBSCRIBED'`;

export interface ActivateOptions {
  /** At the list's cap nothing is activated: CapReached (429), and the caller's transaction rolls back. */
  enforceCap: boolean;
  confirmedVia?: ConfirmedVia | null;
  event?: "subscription.created" | "subscription.confirmed";
  /** The person's own subscribe (a form, a link): its audit entry, written when the subscription is activated. */
  publicChange?: { companyId: string; channel: PublicChannel };
}

export type Activation = SubscriptionRow & { activated: boolean };

/** activateSubscriptions for one member: its subscription, and whether this activated it. */
export async function activateSubscription(
  tx: Tx,
  listId: number,
  memberId: number,
  source: SubscriptionSource,
  options: ActivateOptions,
): Promise<Activation> {
  return (await activateSubscriptions(tx, listId, [memberId], source, options)).get(memberId)!;
}

/**
 * Subscribes the members (distinct) to the list inside `tx`, in one statement per kind of write. One already
 * subscribed keeps its subscription unchanged and takes no slot. The others are activated (created or re-activated in
 * one upsert), their events and (`publicChange`) audit entries written, and their slots of the list claimed LAST,
 * together, with a conditional increment that with `enforceCap` matches no row when they do not all fit (CapReached:
 * the transaction rolls back). On PostgreSQL the list's row lock is thus held only from the claim to the commit, not
 * across the whole subscribe, and every writer takes its locks in one order (member, subscription, list), so writers
 * cannot deadlock. Every change of a subscription's status goes through this and deactivateSubscription, which keep
 * `activeCount` in step and emit the webhook event (`event`: subscription.created, or .confirmed when the owner
 * confirms a pending one) in `tx`. Each member's subscription, by member id.
 */
export async function activateSubscriptions(
  tx: Tx,
  listId: number,
  memberIds: number[],
  source: SubscriptionSource,
  { enforceCap, confirmedVia = null, event = "subscription.created", publicChange }: ActivateOptions,
): Promise<Map<number, Activation>> {
  const result = new Map<number, Activation>();
  if (!memberIds.length) return result;
  const now = new Date();
  // A row comes back only when the upsert inserted or re-activated one: status was not SUBSCRIBED before. What a
  // pending subscribe held is dropped: the caller has applied it (confirmation) or it is not to be applied.
  // WHERE true: SQLite would read the ON of ON CONFLICT as a join's after a SELECT's FROM.
  const activated = await tx.$queryRaw<SubscriptionRow[]>`
    INSERT INTO "Subscription" ("listId", "memberId", "status", "source", "subscribedAt", "unsubscribedAt", "confirmedAt", "confirmedVia")
    SELECT CAST(${listId} AS INTEGER), "memberId", 'SUBSCRIBED', ${source}, ${now}, NULL, ${confirmedVia ? now : null}, ${confirmedVia}
    FROM (${jsonRows(
      [["memberId", "integer"]],
      memberIds.map((id) => [id]),
    )}) AS j WHERE true
    ORDER BY j."memberId"
    ${ACTIVATE_ON_CONFLICT}
    RETURNING ${SUBSCRIPTION_COLUMNS}`;
  for (const row of activated) result.set(row.memberId, { ...row, activated: true });
  const unchanged = memberIds.filter((id) => !result.has(id));
  if (unchanged.length) {
    const existing = await tx.$queryRaw<SubscriptionRow[]>`
      SELECT ${SUBSCRIPTION_COLUMNS} FROM "Subscription" WHERE "listId" = ${listId} AND "memberId" IN (${Prisma.join(unchanged)})`;
    for (const row of existing) result.set(row.memberId, { ...row, activated: false });
  }
  if (!activated.length) return result;
  const refs = activated.map((a) => ({
    list_id: listId,
    member_id: a.memberId,
    status: "SUBSCRIBED" as const,
    source,
    confirmed_via: confirmedVia ?? source,
  }));
  await emitWebhookEvents(tx, event, { listId }, refs);
  if (publicChange)
    await recordPublicSubscriptionChanges(
      tx,
      activated.map((a) => ({ subscribed: true, listId, memberId: a.memberId, ...publicChange })),
    );
  // Every write of the activation (its audit entries, the transaction's webhook events held so far) goes before the
  // claim: on PostgreSQL the claim locks the list's row until the commit, and every subscribe to the list waits for
  // it. Written after the claim, the audit entry and the events held the lock for two more round trips each time.
  await writeHeldEvents(tx);
  const slots = activated.length;
  const fits = enforceCap ? Prisma.sql`AND "activeCount" + ${slots} <= ${effectiveCapSql()}` : Prisma.empty;
  const claimed = await tx.$executeRaw`
    UPDATE "SubscriptionList" SET "activeCount" = "activeCount" + ${slots}, "updatedAt" = ${now} WHERE "id" = ${listId} ${fits}`;
  if (claimed === 0) throw new CapReached();
  return result;
}

/** Who ended a subscription: staff, or the person by a link, the preference page or the global opt-out. */
export type UnsubscribedVia = "ADMIN" | "LINK" | "PREFERENCES" | "OPT_OUT";

/**
 * Ends an active subscription and frees its slot; a no-op when it is not active. The same lock order as above.
 * A PENDING one (never confirmed) is ended too, holding no slot; it is marked so that an undo restores the request
 * (its data and its link kept), never an active subscription nobody confirmed.
 */
export async function deactivateSubscription(
  tx: Tx,
  listId: number,
  memberId: number,
  via: UnsubscribedVia | null = null,
): Promise<boolean> {
  const now = new Date();
  const endedPending = await tx.subscription.updateMany({
    where: { listId, memberId, status: "PENDING" },
    data: { status: "UNSUBSCRIBED", unsubscribedAt: now, unsubscribedVia: via, endedWhilePending: true },
  });
  const ended = await tx.subscription.updateMany({
    where: { listId, memberId, status: "SUBSCRIBED" },
    data: { status: "UNSUBSCRIBED", unsubscribedAt: now, unsubscribedVia: via, endedWhilePending: false },
  });
  if (ended.count + endedPending.count > 0)
    await emitWebhookEvent(tx, "subscription.unsubscribed", { listId }, { list_id: listId, member_id: memberId, via });
  if (ended.count === 0) return false;
  await tx.subscriptionList.updateMany({
    where: { id: listId, activeCount: { gt: 0 } },
    data: { activeCount: { decrement: 1 } },
  });
  return true;
}

/**
 * POST /v3/subscription_list/unsubscribe/{list_uuid}/{member_uuid}: ends the subscription if there is one. Says
 * nothing about what exists, so the caller always answers {ok: true}.
 */
export async function unsubscribeByUuids(listUuid: string | null, memberUuid: string | null): Promise<void> {
  if (!listUuid || !isUuid(listUuid) || !memberUuid || !isUuid(memberUuid)) return;
  const found = await db().subscription.findFirst({
    where: { list: { uuid: listUuid }, member: { uuid: memberUuid }, status: { in: ["SUBSCRIBED", "PENDING"] } },
    select: { listId: true, memberId: true, status: true, list: { select: { companyId: true } } },
  });
  if (!found) return;
  await db().$transaction(async (tx) => {
    // A pending request ended is a write of the person's too: audited like an active subscription ended.
    if ((await deactivateSubscription(tx, found.listId, found.memberId, "LINK")) || found.status === "PENDING") {
      await recordPublicSubscriptionChange(tx, {
        subscribed: false,
        listId: found.listId,
        memberId: found.memberId,
        companyId: found.list.companyId,
        channel: "unsubscribe_link",
      });
    }
  });
}

/** How long after leaving a list by its link the hosted page's "Subscribe again" works. */
const UNDO_WINDOW_MS = 30 * 60 * 1000;

/** The subscription "Subscribe again" may restore: left by that list's link in the last 30 minutes, list open. */
export function undoableWhere(listUuid: string, memberUuid: string, now = Date.now()): Prisma.SubscriptionWhereInput {
  return {
    list: { uuid: listUuid, isActive: true },
    member: { uuid: memberUuid, globalOptOutAt: null },
    status: "UNSUBSCRIBED",
    unsubscribedVia: "LINK",
    unsubscribedAt: { gte: new Date(now - UNDO_WINDOW_MS) },
  };
}

/**
 * "Subscribe again" on the unsubscribe page: undoes a recent unsubscribe by that list's link (the same link's
 * holder, moments later), and nothing else: not staff's, not the preference page's, not one older than 30 minutes.
 * It restores what was ended and no more: an active subscription becomes active again (under the cap like any public
 * subscribe), a request never confirmed becomes the pending request it was, whose own link still confirms it. The
 * member's uuid is in every newsletter, so the link alone must never stand in for a confirmation of the address.
 */
export async function undoUnsubscribe(listUuid: string, memberUuid: string): Promise<boolean> {
  if (!isUuid(listUuid) || !isUuid(memberUuid)) return false;
  const found = await db().subscription.findFirst({
    where: undoableWhere(listUuid, memberUuid),
    select: { id: true, listId: true, memberId: true, endedWhilePending: true, list: { select: { companyId: true } } },
  });
  if (!found) return false;
  const publicChange = { companyId: found.list.companyId, channel: "undo_link" as const };
  await db().$transaction(async (tx) => {
    if (found.endedWhilePending) return void (await restorePendingRequest(tx, found, publicChange));
    // The link came in the person's own mail to a subscription they had, so its evidence is EMAIL_LINK.
    await activateSubscription(tx, found.listId, found.memberId, "PUBLIC_FORM", {
      enforceCap: true,
      confirmedVia: "EMAIL_LINK",
      publicChange,
    });
  });
  return true;
}

/**
 * An undo of a request that was never confirmed: it becomes the pending request it was (its own link still confirms
 * it), never an active subscription. False when it was no longer ended that way.
 */
export async function restorePendingRequest(
  tx: Tx,
  ended: { id: number; listId: number; memberId: number },
  publicChange: { companyId: string; channel: PublicChannel },
): Promise<boolean> {
  const restored = await tx.subscription.updateMany({
    where: { id: ended.id, status: "UNSUBSCRIBED", endedWhilePending: true },
    data: { status: "PENDING", endedWhilePending: false },
  });
  if (restored.count === 0) return false;
  await emitWebhookEvent(
    tx,
    "subscription.created",
    { listId: ended.listId },
    { list_id: ended.listId, member_id: ended.memberId, status: "PENDING", source: "PUBLIC_FORM" },
  );
  await recordPublicSubscriptionChange(tx, {
    subscribed: true,
    listId: ended.listId,
    memberId: ended.memberId,
    ...publicChange,
  });
  return true;
}

/** Global opt-out (the token is checked by the caller): no future sendouts, every subscription ended. */
export async function optOutEverywhere(memberUuid: string): Promise<boolean> {
  const member = isUuid(memberUuid)
    ? await db().member.findUnique({ where: { uuid: memberUuid }, select: { id: true, organizationId: true } })
    : null;
  if (!member) return false;
  await db().$transaction(async (tx) => {
    await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: new Date() } });
    await emitWebhookEvent(tx, "member.opted_out", { companyId: member.organizationId }, { member_id: member.id });
    // In list order: without it PostgreSQL returns the rows as they lie on disk, so the audit log's order changed between runs.
    const active = await tx.subscription.findMany({
      where: { memberId: member.id, status: { in: ["SUBSCRIBED", "PENDING"] } },
      orderBy: { listId: "asc" },
      select: { listId: true, list: { select: { companyId: true } } },
    });
    for (const { listId, list } of active) {
      if (await deactivateSubscription(tx, listId, member.id, "OPT_OUT")) {
        await recordPublicSubscriptionChange(tx, {
          subscribed: false,
          listId,
          memberId: member.id,
          companyId: list.companyId,
          channel: "opt_out",
        });
      }
    }
  });
  return true;
}

/** POST /v3/subscription_list/unsubscribe/all/{member_uuid}: a valid token for that member, or 403. */
export async function optOutWithToken(memberUuid: string, token: string | undefined): Promise<void> {
  if (!token || !isValidGlobalOptOutToken(memberUuid, token)) throw new Forbidden("invalid or expired link");
  await optOutEverywhere(memberUuid);
}
