// Subscribing and unsubscribing: the public form and sendout unsubscribe links, and the primitives that keep a
// list's active count in step (staff subscribe through subscribers.ts).
import "server-only";
import crypto from "node:crypto";
import { db, isUniqueViolation, type Tx } from "../db";
import { env } from "../env";
import { CapReached, Forbidden, NotFound } from "../errors";
import type { SubscribeInput } from "../validation/subscription";
import { isUuid } from "../validation/common";
import { normalizeEmail } from "../validation/email";
import { activeListOfLiveCompany } from "./live-records";
import { isValidGlobalOptOutToken } from "./unsubscribe-links";

export type SubscriptionSource = "PUBLIC_FORM" | "ADMIN";

type SubscriptionRow = {
  id: number;
  listId: number;
  memberId: number;
  status: string;
  source: string;
  subscribedAt: Date;
  unsubscribedAt: Date | null;
};

export function subscriptionView(s: SubscriptionRow) {
  return {
    id: s.id,
    list_id: s.listId,
    member_id: s.memberId,
    status: s.status as "SUBSCRIBED" | "UNSUBSCRIBED",
    source: s.source as SubscriptionSource,
    subscribed_at: s.subscribedAt.toISOString(),
    unsubscribed_at: s.unsubscribedAt?.toISOString() ?? null,
  };
}

export function effectiveCap(list: { subscriberCap: number | null }): number {
  return list.subscriberCap ?? env().SUBSCRIBER_CAP_DEFAULT;
}

/**
 * Takes the list's row lock for the rest of the transaction with a no-op write. On PostgreSQL this serializes
 * subscribers of one list (the cap check below then sees every committed slot); on SQLite a transaction that starts
 * with a write cannot fail to upgrade its lock.
 */
export async function lockList(tx: Tx, listId: number): Promise<void> {
  await tx.subscriptionList.updateMany({ where: { id: listId }, data: { activeCount: { increment: 0 } } });
}

/**
 * Subscribes `memberId` to the list inside `tx` (the list must be locked). Already subscribed: unchanged.
 * With `enforceCap`, a new active subscription beyond the list's cap is refused with 429.
 */
export async function activateSubscription(tx: Tx, listId: number, memberId: number, source: SubscriptionSource, enforceCap: boolean) {
  const existing = await tx.subscription.findUnique({ where: { listId_memberId: { listId, memberId } } });
  if (existing?.status === "SUBSCRIBED") return existing;
  if (enforceCap) {
    const list = await tx.subscriptionList.findUniqueOrThrow({ where: { id: listId }, select: { activeCount: true, subscriberCap: true } });
    if (list.activeCount >= effectiveCap(list)) throw new CapReached();
  }
  await tx.subscriptionList.update({ where: { id: listId }, data: { activeCount: { increment: 1 } } });
  const data = { status: "SUBSCRIBED", source, subscribedAt: new Date(), unsubscribedAt: null };
  return existing
    ? tx.subscription.update({ where: { id: existing.id }, data })
    : tx.subscription.create({ data: { listId, memberId, ...data } });
}

/** Ends an active subscription and frees its slot; a no-op when it is not active. */
export async function deactivateSubscription(tx: Tx, listId: number, memberId: number): Promise<boolean> {
  const ended = await tx.subscription.updateMany({
    where: { listId, memberId, status: "SUBSCRIBED" },
    data: { status: "UNSUBSCRIBED", unsubscribedAt: new Date() },
  });
  if (ended.count === 0) return false;
  await tx.subscriptionList.updateMany({ where: { id: listId, activeCount: { gt: 0 } }, data: { activeCount: { decrement: 1 } } });
  return true;
}

/** Retries a transaction that lost a unique-constraint race (two first-time subscribes with one email). */
async function withUniqueRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

/**
 * POST /v3/subscription_list/public/{uuid}. Reuses the organization's member with that email (creating one
 * otherwise), subscribes it, stores the answered questions that belong to the list as member properties, and
 * records consent to the list's term. Names and phone fill only fields the member does not have yet: an anonymous
 * form must not overwrite what the association knows. An explicit subscribe lifts a global opt-out.
 */
export async function subscribeVisitor(listUuid: string | null, input: SubscribeInput) {
  if (!listUuid || !isUuid(listUuid)) throw new NotFound("list not found");
  const list = await db().subscriptionList.findFirst({
    where: { uuid: listUuid, ...activeListOfLiveCompany },
    select: { id: true, companyId: true, termId: true, questions: { select: { propertyId: true } } },
  });
  if (!list) throw new NotFound("list not found");
  const email = normalizeEmail(input.email);
  const questionIds = new Set(list.questions.map((q) => q.propertyId));
  const answered = [...new Set(input.answered_prop_ids ?? [])].filter((id) => questionIds.has(id));

  return withUniqueRetry(() =>
    db().$transaction(async (tx) => {
      await lockList(tx, list.id);
      let member = await tx.member.findUnique({ where: { organizationId_email: { organizationId: list.companyId, email } } });
      member ??= await tx.member.create({
        data: {
          uuid: crypto.randomUUID(),
          organizationId: list.companyId,
          email,
          firstname: input.firstname ?? null,
          lastname: input.lastname ?? null,
          phone: input.phone ?? null,
        },
      });
      const subscription = await activateSubscription(tx, list.id, member.id, "PUBLIC_FORM", true);
      const fill = {
        ...(member.firstname ? {} : input.firstname ? { firstname: input.firstname } : {}),
        ...(member.lastname ? {} : input.lastname ? { lastname: input.lastname } : {}),
        ...(member.phone ? {} : input.phone ? { phone: input.phone } : {}),
        ...(member.globalOptOutAt ? { globalOptOutAt: null } : {}),
      };
      if (Object.keys(fill).length) await tx.member.update({ where: { id: member.id }, data: fill });
      if (answered.length) {
        const have = await tx.memberProperty.findMany({ where: { memberId: member.id, propertyId: { in: answered } } });
        const missing = answered.filter((id) => !have.some((p) => p.propertyId === id));
        if (missing.length) await tx.memberProperty.createMany({ data: missing.map((propertyId) => ({ memberId: member.id, propertyId })) });
      }
      if (input.terms_accepted === true && list.termId) {
        await tx.memberConsent.create({ data: { memberId: member.id, termId: list.termId, sourceListId: list.id } });
      }
      return { member_id: member.id, subscription: subscriptionView(subscription) };
    }),
  );
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
