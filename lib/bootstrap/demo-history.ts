// A history for the demo's newsletter, so a new user's first look shows a sendout and figures: members of the
// organization subscribed over the last months (most confirmed through the email link, some added by staff, a few
// still to confirm), some unsubscribed again (several through the sent sendout's own link), and one sendout sent a
// couple of weeks ago, its recipient rows recorded as the delivery machinery records them (SENT, a few BOUNCED with
// the hard bounce's suppression), so the overview's chart, the list's figures and the sendout's page have something to
// show and a new sendout to the list has recipients. Written in bulk (a few statements, not one service call per
// person: it runs on every fresh start) and deterministic for a given seed; audited as one entry per kind of write.
import "server-only";
import { db } from "../db";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { random } from "./member-generator";

const DAY = 86_400_000;

export interface DemoHistoryInput {
  companyId: string;
  listId: number;
  /** How many of the organization's members with an address subscribe, at most. */
  subscribers: number;
  seed?: number;
  /** "Now" of the history (tests pin it); the sendout went out SENT_DAYS_AGO before. */
  now?: Date;
}

export interface DemoHistory {
  subscribed: number;
  unsubscribed: number;
  pending: number;
  sendoutId: number;
  recipients: number;
  bounced: number;
}

const SENT_DAYS_AGO = 12;

const SENDOUT = {
  subject: "Förbundsnytt: höstens kurser och årsmötet",
  preheader: "Ledarutbildning i november, nya tävlingsregler och kallelse till årsmötet",
  html:
    "<h2>Hej {{firstname|medlem}}!</h2>" +
    "<p>Hösten är här och med den ett fullt program. Här är det viktigaste från förbundet den här månaden.</p>" +
    "<h3>Ledarutbildning i november</h3>" +
    "<p>Grundkursen för nya ledare hålls två lördagar i november. Anmäl dig via din förening senast den 25 oktober.</p>" +
    "<h3>Nya tävlingsregler</h3>" +
    "<ul><li>Åldersklasserna följer kalenderåret från och med nästa säsong.</li><li>Anmälan till distriktsmästerskapen görs digitalt.</li></ul>" +
    '<p>Läs mer på <a href="https://example.org/nyheter">förbundets webbplats</a>.</p>' +
    "<p>Väl mött!<br>Förbundskansliet</p>",
};

type Row = { memberId: number; email: string; organizationId: string };

/** Seeds the list's subscribers and its sent sendout (see above). The list must have no subscriptions yet. */
export async function seedDemoHistory(seeder: Caller, input: DemoHistoryInput): Promise<DemoHistory> {
  const rnd = random(input.seed ?? 2026);
  const now = input.now?.getTime() ?? Date.now();
  const sentAt = new Date(now - SENT_DAYS_AGO * DAY + 9.5 * 3600_000);
  const members = await db().member.findMany({
    where: { organizationId: input.companyId, erasedAt: null, email: { not: null } },
    orderBy: { id: "asc" },
    select: { id: true, email: true, organizationId: true },
  });
  const people: Row[] = members
    .filter(() => rnd.next() < 0.7)
    .slice(0, input.subscribers)
    .map((m) => ({ memberId: m.id, email: m.email!, organizationId: m.organizationId }));

  type Subscription = {
    listId: number;
    memberId: number;
    status: string;
    source: string;
    subscribedAt: Date;
    unsubscribedAt: Date | null;
    confirmedAt: Date | null;
    confirmedVia: string | null;
    confirmationSentAt: Date | null;
    unsubscribedVia: string | null;
  };
  const subscriptions: Subscription[] = people.map(({ memberId }) => {
    // More of them recently (a newsletter grows), so the last 30 days' chart has days with several.
    const subscribedAt = new Date(now - Math.floor(rnd.next() ** 2 * 150 * DAY) - rnd.int(1, 20) * 3600_000);
    const byStaff = rnd.next() < 0.15;
    const base = {
      listId: input.listId,
      memberId,
      subscribedAt,
      unsubscribedAt: null,
      unsubscribedVia: null,
      confirmationSentAt: byStaff ? null : subscribedAt,
    };
    const roll = rnd.next();
    if (!byStaff && now - subscribedAt.getTime() < 4 * DAY && roll < 0.4) {
      return { ...base, status: "PENDING", source: "PUBLIC_FORM", confirmedAt: null, confirmedVia: null };
    }
    const confirmedAt = new Date(subscribedAt.getTime() + (byStaff ? 0 : rnd.int(2, 180) * 60_000));
    const confirmed = {
      ...base,
      status: "SUBSCRIBED",
      source: byStaff ? "ADMIN" : "PUBLIC_FORM",
      confirmedAt,
      confirmedVia: byStaff ? "ADMIN" : "EMAIL_LINK",
    };
    if (roll > 0.14) return confirmed;
    // One in seven left again: after the sendout, most of them through its link within a few days.
    const afterSendout = subscribedAt < sentAt && rnd.next() < 0.6;
    const from = afterSendout ? sentAt.getTime() : confirmedAt.getTime();
    // Within days of the sendout, or of subscribing; someone who subscribed an hour ago has not left yet.
    const span = Math.min((afterSendout ? 4 : 60) * DAY, now - 3600_000 - from);
    if (span <= 0) return confirmed;
    const unsubscribedAt = new Date(from + Math.floor(rnd.next() * span));
    return {
      ...confirmed,
      status: "UNSUBSCRIBED",
      unsubscribedAt,
      unsubscribedVia: afterSendout || rnd.next() < 0.5 ? "LINK" : "PREFERENCES",
    };
  });

  // Who the sendout reached: subscribed (confirmed) before it went out and not gone by then.
  const reached = people.filter((_, i) => {
    const s = subscriptions[i];
    return (
      s.confirmedAt !== null && s.confirmedAt < sentAt && (s.unsubscribedAt === null || s.unsubscribedAt >= sentAt)
    );
  });
  // A few addresses no longer exist: the provider's hard bounce, and the suppression it brings (suppressions.ts).
  const bounced = new Set(reached.filter(() => rnd.next() < 0.04).map((p) => p.memberId));

  const sendout = await createSendout(
    seeder,
    CreateSendoutRequest.parse({ company_id: input.companyId, list_ids: [input.listId], ...SENDOUT }),
  );
  const active = subscriptions.filter((s) => s.status === "SUBSCRIBED").length;
  await db().$transaction(
    async (tx) => {
      await tx.subscription.createMany({ data: subscriptions });
      await tx.subscriptionList.update({ where: { id: input.listId }, data: { activeCount: active } });
      await tx.sendout.update({
        where: { id: sendout.id },
        data: {
          status: "SENT",
          createdAt: new Date(sentAt.getTime() - 2 * DAY),
          startedAt: sentAt,
          finishedAt: new Date(sentAt.getTime() + 40_000),
        },
      });
      await tx.sendoutRecipient.createMany({
        data: reached.map((p, i) => {
          const at = new Date(sentAt.getTime() + 1000 + i * 100);
          return bounced.has(p.memberId)
            ? {
                sendoutId: sendout.id,
                memberId: p.memberId,
                listId: input.listId,
                email: p.email,
                status: "BOUNCED",
                attempts: 1,
                sentAt: at,
                error: "550 5.1.1 The email account that you tried to reach does not exist",
              }
            : {
                sendoutId: sendout.id,
                memberId: p.memberId,
                listId: input.listId,
                email: p.email,
                status: "SENT",
                attempts: 1,
                sentAt: at,
              };
        }),
      });
      const suppressedAt = new Date(sentAt.getTime() + 15 * 60_000);
      await tx.suppression.createMany({
        data: reached
          .filter((p) => bounced.has(p.memberId))
          .map((p) => ({
            organizationId: p.organizationId,
            email: p.email,
            reason: "HARD_BOUNCE",
            detail: "550 5.1.1 user unknown",
            suppressedAt,
          })),
      });
      await recordAudit(tx, seeder, {
        action: "subscription.subscribe",
        objectType: "subscription_list",
        objectId: input.listId,
        companyId: input.companyId,
        summary: `${subscriptions.length} demo subscriptions`,
      });
      await recordAudit(tx, seeder, {
        action: "sendout.send",
        objectType: "sendout",
        objectId: sendout.id,
        companyId: input.companyId,
        summary: `demo: sent to ${reached.length} recipients`,
      });
    },
    { timeout: 60_000 },
  );
  return {
    subscribed: active,
    unsubscribed: subscriptions.filter((s) => s.status === "UNSUBSCRIBED").length,
    pending: subscriptions.filter((s) => s.status === "PENDING").length,
    sendoutId: sendout.id,
    recipients: reached.length,
    bounced: bounced.size,
  };
}
