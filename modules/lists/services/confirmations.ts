// Double opt-in: a public subscribe that must be confirmed by the address owner waits PENDING, holding what the
// visitor typed (pendingData), until the signed link in the confirmation message is opened and its button pressed.
// Only then is anything applied to the member, and the subscription takes a slot of the list's cap.
import "server-only";
import { randomBytes } from "node:crypto";
import { db, Prisma, type Tx } from "@/lib/db";
import { CapReached, NotFound } from "@/lib/errors";
import { loadPublicList } from "./public-lists";
import { activateSubscription, SUBSCRIPTION_COLUMNS, type SubscriptionRow } from "./subscriptions";
import { parsePending, type PendingData } from "./pending-data";
import { sendWelcome } from "./subscription-mail";
import { CONFIRMATION_TTL_DAYS, confirmationOfToken } from "./unsubscribe-links";
import { fillEmptyFields, recordAnswers, recordConsents } from "./visitor-records";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";

/** A pending subscribe resends its confirmation at most this often, so the form cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = 10 * 60 * 1000;
/** A PENDING subscription lives as long as its link: after that it is dropped (see expireStalePending). */
const PENDING_TTL_MS = CONFIRMATION_TTL_DAYS * 24 * 3600 * 1000;

/**
 * Holds the subscription PENDING (an active one stays as it is, nothing sent) and claims the right to send a
 * confirmation: `send` is true when none went out in the last 10 minutes. What was typed is stored only with that
 * claim, under a new nonce that the message's link carries: a subscribe without a new message changes nothing of the
 * request its owner was mailed about, and a link confirms only the request it was sent for. A row that comes back to
 * PENDING from another state drops the nonce, so no earlier link confirms the new request; it keeps its
 * unsubscribedAt, so an unconfirmed request falls back to it (expireStalePending).
 */
export async function holdPending(
  tx: Tx,
  listId: number,
  memberId: number,
  pending: PendingData,
  now: Date,
): Promise<{ subscription: SubscriptionRow; send: boolean }> {
  const wasPending = Prisma.sql`"Subscription"."status" = 'PENDING'`;
  const [held] = await tx.$queryRaw<SubscriptionRow[]>`
    INSERT INTO "Subscription" ("listId", "memberId", "status", "source", "subscribedAt")
    VALUES (${listId}, ${memberId}, 'PENDING', 'PUBLIC_FORM', ${now})
    ON CONFLICT ("listId", "memberId") DO UPDATE
      SET "status" = 'PENDING', "source" = excluded."source", "endedWhilePending" = ${false},
        "subscribedAt" = CASE WHEN ${wasPending} THEN "Subscription"."subscribedAt" ELSE excluded."subscribedAt" END,
        "pendingData" = CASE WHEN ${wasPending} THEN "Subscription"."pendingData" ELSE NULL END,
        "confirmationNonce" = CASE WHEN ${wasPending} THEN "Subscription"."confirmationNonce" ELSE NULL END
      WHERE "Subscription"."status" <> 'SUBSCRIBED'
    RETURNING ${SUBSCRIPTION_COLUMNS}`;
  if (!held) {
    const [active] = await tx.$queryRaw<
      SubscriptionRow[]
    >`SELECT ${SUBSCRIPTION_COLUMNS} FROM "Subscription" WHERE "listId" = ${listId} AND "memberId" = ${memberId}`;
    return { subscription: active, send: false };
  }
  // A new message starts the request anew: its data, its nonce, its lifetime.
  const claimed = await tx.$executeRaw`
    UPDATE "Subscription" SET "confirmationSentAt" = ${now}, "subscribedAt" = ${now}, "pendingData" = ${JSON.stringify(pending)}, "confirmationNonce" = ${randomBytes(18).toString("base64url")}
    WHERE "id" = ${held.id} AND ("confirmationSentAt" IS NULL OR "confirmationSentAt" <= ${new Date(now.getTime() - RESEND_AFTER_MS)})`;
  if (claimed === 1)
    await emitWebhookEvent(
      tx,
      "subscription.created",
      { listId },
      { list_id: listId, member_id: memberId, status: "PENDING", source: held.source },
    );
  return { subscription: held, send: claimed === 1 };
}

/** When this instance last swept each list (listId -> ms). Bounded by the number of lists that get subscribes. */
const lastSweep = new Map<number, number>();
/** A stale request is at least 7 days old: sweeping a list once per 10 minutes per instance keeps up with it. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * expireStalePending, at most once per list per SWEEP_INTERVAL_MS on this instance: run before a public subscribe,
 * where two write statements per request were a quarter of the subscribe's statements. A stale request
 * left a few minutes longer changes nothing: a new subscribe overwrites any row that is not SUBSCRIBED, its link has
 * expired, and a PENDING row holds no slot.
 */
export async function sweepStalePending(listId: number, now = Date.now()): Promise<void> {
  if (now - (lastSweep.get(listId) ?? -Infinity) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(listId, now);
  await expireStalePending(listId, now);
}

/**
 * Drops the list's PENDING subscriptions older than the confirmation link: a request never confirmed is deleted, or
 * falls back to UNSUBSCRIBED when the person had been on the list before. As statements of their own (outside the
 * subscribe's transaction and its lock order).
 */
export async function expireStalePending(listId: number, now = Date.now()): Promise<void> {
  const stale = { listId, status: "PENDING", subscribedAt: { lt: new Date(now - PENDING_TTL_MS) } };
  await db().subscription.deleteMany({ where: { ...stale, unsubscribedAt: null } });
  await db().subscription.updateMany({
    where: stale,
    data: { status: "UNSUBSCRIBED", pendingData: null, confirmationNonce: null },
  });
}

/** Rolls a confirmation back whose request is no longer the one its link was sent for. */
class Superseded extends Error {}

export type ConfirmationState = "pending" | "confirmed" | "invalid" | "capReached";

/** The subscription a confirmation link names, while the link is still its latest message's (same nonce). */
async function pendingOf(token: string) {
  const named = confirmationOfToken(token);
  if (named === null) return null;
  const subscription = await db().subscription.findUnique({
    where: { id: named.subscriptionId },
    include: {
      member: { select: { id: true, email: true, organizationId: true, erasedAt: true } },
      list: { select: { uuid: true, name: true } },
    },
  });
  if (!subscription || subscription.member.erasedAt || subscription.confirmationNonce !== named.nonce) return null;
  const expired =
    subscription.status === "PENDING" && subscription.subscribedAt.getTime() < Date.now() - PENDING_TTL_MS;
  return expired ? null : subscription;
}

/** GET /confirm/<token>: what the page asks about. Looking changes nothing (mail scanners follow links). */
export async function confirmationPage(
  token: string,
): Promise<{ state: ConfirmationState; listName?: string; email?: string | null }> {
  const subscription = await pendingOf(token);
  if (!subscription || subscription.status === "UNSUBSCRIBED") return { state: "invalid" };
  return {
    state: subscription.status === "SUBSCRIBED" ? "confirmed" : "pending",
    listName: subscription.list.name,
    email: subscription.member.email,
  };
}

/**
 * The button of /confirm/<token>: the address owner agrees. In one transaction (member, subscription, list: the lock
 * order of subscriptions.ts) what was typed is applied (names and phone only where empty, answers, the term's
 * consent dated now), a global opt-out and a suppression of the address are lifted, and the subscription becomes
 * active with the consent evidence (confirmedAt, confirmedVia EMAIL_LINK), claiming a slot: at the cap nothing stays.
 */
export async function confirmSubscription(token: string): Promise<ConfirmationState> {
  const subscription = await pendingOf(token);
  if (!subscription || subscription.status === "UNSUBSCRIBED") return "invalid";
  if (subscription.status === "SUBSCRIBED") return "confirmed";
  const list = await loadPublicList(subscription.list.uuid).catch((error: unknown) => {
    if (error instanceof NotFound) return null; // the list was closed meanwhile
    throw error;
  });
  if (!list) return "invalid";
  const pending = parsePending(subscription.pendingData);
  const { member } = subscription;
  try {
    const activated = await db().$transaction(async (tx) => {
      const now = new Date();
      await tx.member.update({ where: { id: member.id }, data: { globalOptOutAt: null } });
      await fillEmptyFields(tx, member.id, pending, now);
      if (member.email) {
        await tx.suppression.updateMany({
          where: {
            organizationId: member.organizationId,
            email: member.email,
            suppressedAt: { not: null },
            liftedAt: null,
          },
          data: {
            liftedAt: now,
            liftedBy: "email-confirmation",
            liftNote: `confirmed a subscription to ${list.info.name}`,
          },
        });
      }
      await recordAnswers(
        tx,
        [{ memberId: member.id, propertyIds: pending.answered_prop_ids.filter((id) => list.questionIds.has(id)) }],
        now,
      );
      if (pending.terms_accepted && list.termId) await recordConsents(tx, [member.id], list.termId, list.listId, now);
      // The nonce stays: the link keeps saying "confirmed" until a new request replaces it.
      const changed = await tx.subscription.updateMany({
        where: { id: subscription.id, status: "PENDING", confirmationNonce: subscription.confirmationNonce },
        data: { pendingData: null },
      });
      // Confirmed by a second press meanwhile, or replaced by a newer request: nothing of this one is kept.
      if (changed.count === 0) throw new Superseded();
      const { activated } = await activateSubscription(tx, list.listId, member.id, "PUBLIC_FORM", {
        enforceCap: true,
        confirmedVia: "EMAIL_LINK",
        event: "subscription.confirmed",
        publicChange: { companyId: list.companyId, channel: "email_confirmation" },
      });
      return activated;
    });
    if (activated) await sendWelcome(subscription.id, pending.lang);
    return "confirmed";
  } catch (error) {
    if (error instanceof CapReached) return "capReached";
    if (error instanceof Superseded) return (await pendingOf(token))?.status === "SUBSCRIBED" ? "confirmed" : "invalid";
    throw error;
  }
}
