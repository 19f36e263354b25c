// Double opt-in on the services directly, with a real SMTP server (tests/smtp-sink.ts) receiving what they send:
// PENDING until the address owner confirms, what is applied then, the resend throttle, the cap at confirmation,
// expiry, opted-out and suppressed addresses, staff and the welcome message.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { CapReached, Conflict } from "@/lib/errors";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { confirmationPage, confirmSubscription, expireStalePending } from "@/modules/lists/services/confirmations";
import { requestConfirmationByStaff, setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList, updateList } from "@/modules/lists/services/lists";
import { optOutEverywhere } from "@/modules/lists/services/subscriptions";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { smtpSinkForServices } from "../service-mail";
import type { ReceivedMail } from "../smtp-sink";
import { makeCompany } from "../helpers";

const sink = await smtpSinkForServices({ siteUrl: "https://lists.example.org" });

const subscribe = (listUuid: string, input: unknown, lang: "sv" | "en" = "sv") =>
  subscribeVisitor(listUuid, SubscribeRequest.parse(input), lang);
const dashboardUser: Caller = { ...operatorCaller(), kind: "admin_user", actor: "admin:staff@example.org" };

async function makeList(
  settings: { double_opt_in?: boolean; welcome_subject?: string; welcome_html?: string; subscriber_cap?: number } = {},
) {
  const company = await makeCompany("Bekräftarna");
  const list = await createList(operatorCaller(), {
    name: "Nyhetsbrevet",
    company_id: company.id,
    double_opt_in: settings.double_opt_in,
  });
  if (settings.welcome_subject || settings.subscriber_cap !== undefined) {
    await updateList(operatorCaller(), list.id, {
      welcome_subject: settings.welcome_subject,
      welcome_html: settings.welcome_html,
      subscriber_cap: settings.subscriber_cap,
    });
  }
  return { company, list };
}

/** The token of the confirmation link in the newest message to `to`. */
function confirmationTokenIn(to: string): string {
  const mail: ReceivedMail | undefined = sink.received.findLast((m) => m.envelopeTo.includes(to));
  const match = /\/confirm\/([^?\s"<>]+)/.exec(mail?.parsed.text ?? "");
  if (!match) throw new Error(`no confirmation link to ${to}`);
  return match[1];
}

const subscriptionOf = (listId: number, memberId: number) =>
  db().subscription.findUniqueOrThrow({ where: { listId_memberId: { listId, memberId } } });
const activeCount = async (listId: number) =>
  (await db().subscriptionList.findUniqueOrThrow({ where: { id: listId } })).activeCount;

describe("double opt-in", () => {
  it("waits PENDING and applies nothing until the address owner presses the confirmation button", async () => {
    const { list } = await makeList({
      double_opt_in: true,
      welcome_subject: "Välkommen!",
      welcome_html: "<p>Hej och välkommen</p><script>x()</script>",
    });
    await updateList(operatorCaller(), list.id, { term: { name: "Villkor", html: "<p>Vi sparar din adress.</p>" } });
    const result = await subscribe(list.uuid, {
      email: "Ada@Example.org",
      firstname: "Ada",
      phone: "070-1",
      terms_accepted: true,
    });
    expect(result.subscription.status).toBe("PENDING");
    expect(await activeCount(list.id)).toBe(0);
    const member = await db().member.findUniqueOrThrow({
      where: { id: result.member_id },
      include: { consents: true },
    });
    expect(member).toMatchObject({ email: "ada@example.org", firstname: null, phone: null });
    expect(member.consents).toEqual([]);

    await sink.waitFor(1);
    const [mail] = sink.received;
    expect(mail.envelopeTo).toEqual(["ada@example.org"]);
    expect(mail.parsed.subject).toBe("Bekräfta din prenumeration på Nyhetsbrevet");
    // One Message-ID per request: a later request's message (a new link) is not taken for a copy of this one.
    expect(mail.parsed.messageId).toMatch(
      new RegExp(`^<confirm-${result.subscription.id}\\.[A-Za-z0-9_-]{16,}@localhost>$`),
    );
    const token = confirmationTokenIn("ada@example.org");
    // Filed with the list's own mail (RFC 2919), by the list's uuid.
    expect(mail.raw).toMatch(new RegExp(`^List-Id: Nyhetsbrevet <${list.uuid}\\.list\\.localhost>\\r?$`, "im"));

    // Looking at the page (what a mail scanner does) changes nothing.
    expect(await confirmationPage(token)).toMatchObject({
      state: "pending",
      listName: "Nyhetsbrevet",
      email: "ada@example.org",
    });
    expect((await subscriptionOf(list.id, result.member_id)).status).toBe("PENDING");

    expect(await confirmSubscription(token)).toBe("confirmed");
    const confirmed = await subscriptionOf(list.id, result.member_id);
    expect(confirmed).toMatchObject({ status: "SUBSCRIBED", confirmedVia: "EMAIL_LINK", pendingData: null });
    expect(confirmed.confirmedAt).toBeInstanceOf(Date);
    const after = await db().member.findUniqueOrThrow({ where: { id: result.member_id }, include: { consents: true } });
    expect(after).toMatchObject({ firstname: "Ada", phone: "070-1" });
    expect(after.consents).toHaveLength(1);
    expect(after.consents[0].acceptedAt.getTime()).toBeGreaterThanOrEqual(confirmed.confirmedAt!.getTime() - 1000);
    expect(await activeCount(list.id)).toBe(1);

    // The welcome message follows the confirmation, its HTML sanitized when it was stored.
    await sink.waitFor(2);
    const welcome = sink.received[1];
    expect(welcome.parsed.subject).toBe("Välkommen!");
    expect(welcome.parsed.html).toContain("Hej och välkommen");
    expect(welcome.parsed.html).not.toContain("<script");
    expect(welcome.raw).toMatch(new RegExp(`^List-Id: Nyhetsbrevet <${list.uuid}\\.list\\.localhost>\\r?$`, "im"));
    // mailparser folds the List-* headers into one "list" header.
    expect(JSON.stringify(welcome.parsed.headers.get("list"))).toContain(
      `/v3/subscription_list/unsubscribe/${list.uuid}/`,
    );

    // A second press, or a reload of the page, confirms nothing more.
    expect(await confirmSubscription(token)).toBe("confirmed");
    expect(await confirmationPage(token)).toMatchObject({ state: "confirmed" });
    expect(await activeCount(list.id)).toBe(1);
  });

  it("resends the confirmation at most once per 10 minutes, and a failed send can be asked for again at once", async () => {
    const { list } = await makeList({ double_opt_in: true });
    sink.failNext(1, 451);
    const first = await subscribe(list.uuid, { email: "bo@example.org" });
    expect((await subscriptionOf(list.id, first.member_id)).confirmationSentAt).toBeNull(); // released: nothing went out

    await subscribe(list.uuid, { email: "bo@example.org" });
    await sink.waitFor(1);
    await subscribe(list.uuid, { email: "bo@example.org" });
    await subscribe(list.uuid, { email: "BO@example.org" });
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received).toHaveLength(1);

    await db().subscription.update({
      where: { id: first.subscription.id },
      data: { confirmationSentAt: new Date(Date.now() - 11 * 60 * 1000) },
    });
    await subscribe(list.uuid, { email: "bo@example.org" }, "en");
    await sink.waitFor(2);
    expect(sink.received[1].parsed.subject).toBe("Confirm your subscription to Nyhetsbrevet");
  });

  it("a pending subscription takes no place under the cap; the cap is checked when it is confirmed", async () => {
    const { list } = await makeList({ double_opt_in: true, subscriber_cap: 1 });
    await subscribe(list.uuid, { email: "c1@example.org" });
    await subscribe(list.uuid, { email: "c2@example.org" });
    await sink.waitFor(2);
    expect(await confirmSubscription(confirmationTokenIn("c1@example.org"))).toBe("confirmed");
    expect(await confirmSubscription(confirmationTokenIn("c2@example.org"))).toBe("capReached");
    expect(await activeCount(list.id)).toBe(1);
    const c2 = await db().member.findFirstOrThrow({ where: { email: "c2@example.org" } });
    expect((await subscriptionOf(list.id, c2.id)).status).toBe("PENDING");
  });

  it("an unconfirmed request expires with its link: dropped, or back to UNSUBSCRIBED for someone who had left", async () => {
    const { list } = await makeList({ double_opt_in: true });
    const fresh = await subscribe(list.uuid, { email: "new@example.org" });
    const returning = await subscribe(list.uuid, { email: "back@example.org" });
    await db().subscription.update({
      where: { id: returning.subscription.id },
      data: { unsubscribedAt: new Date(Date.now() - 30 * 86400_000) },
    });
    await sink.waitFor(2);
    const token = confirmationTokenIn("new@example.org");
    const eightDaysAgo = new Date(Date.now() - 8 * 86400_000);
    await db().subscription.updateMany({ where: { listId: list.id }, data: { subscribedAt: eightDaysAgo } });

    expect(await confirmationPage(token)).toEqual({ state: "invalid" });
    expect(await confirmSubscription(token)).toBe("invalid");
    await subscribe(list.uuid, { email: "third@example.org" }); // swept at the list's first subscribe: not again yet
    expect(await db().subscription.findUnique({ where: { id: fresh.subscription.id } })).not.toBeNull();
    await expireStalePending(list.id); // what the next sweep does
    expect(await db().subscription.findUnique({ where: { id: fresh.subscription.id } })).toBeNull();
    expect(await subscriptionOf(list.id, returning.member_id)).toMatchObject({
      status: "UNSUBSCRIBED",
      pendingData: null,
    });
  });

  it("a list's first subscribe on an instance sweeps the requests that went stale before it", async () => {
    const { list } = await makeList({ double_opt_in: true });
    const company = await db().subscriptionList.findUniqueOrThrow({
      where: { id: list.id },
      select: { companyId: true },
    });
    const member = await db().member.create({
      data: { uuid: crypto.randomUUID(), organizationId: company.companyId, email: "old@example.org" },
    });
    const stale = await db().subscription.create({
      data: {
        listId: list.id,
        memberId: member.id,
        status: "PENDING",
        source: "PUBLIC_FORM",
        subscribedAt: new Date(Date.now() - 8 * 86400_000),
      },
    });
    await subscribe(list.uuid, { email: "later@example.org" });
    expect(await db().subscription.findUnique({ where: { id: stale.id } })).toBeNull();
  });

  it("a forged, altered or foreign token confirms nothing", async () => {
    const { list } = await makeList({ double_opt_in: true });
    const { subscription } = await subscribe(list.uuid, { email: "eve@example.org" });
    await sink.waitFor(1);
    const token = confirmationTokenIn("eve@example.org");
    const [, expiry, signature] = token.split(".");
    for (const bad of [
      `${subscription.id + 1}.${expiry}.${signature}`,
      `${subscription.id}.${Number(expiry) + 1}.${signature}`,
      "1",
      `${token}x`,
    ]) {
      expect(await confirmSubscription(bad)).toBe("invalid");
    }
    expect((await subscriptionOf(list.id, subscription.member_id)).status).toBe("PENDING");
  });
});

describe("people who opted out, suppressed addresses and staff", () => {
  it("an anonymous subscribe with the address of a member who opted out of everything changes nothing about them", async () => {
    const { list } = await makeList(); // no double opt-in: the member's own opt-out is what demands a confirmation
    const { member_id } = await subscribe(list.uuid, { email: "stina@example.org" });
    const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });
    await optOutEverywhere(member.uuid);
    const optedOutAt = (await db().member.findUniqueOrThrow({ where: { id: member_id } })).globalOptOutAt;

    const again = await subscribe(list.uuid, { email: "stina@example.org", firstname: "Mallory", phone: "+46 70 666" });
    expect(again.subscription.status).toBe("PENDING");
    expect(await db().member.findUniqueOrThrow({ where: { id: member_id } })).toMatchObject({
      globalOptOutAt: optedOutAt,
      firstname: null,
      phone: null,
    });
    expect(await activeCount(list.id)).toBe(0);

    // Only the owner's confirmation brings them back.
    await sink.waitFor(1);
    expect(await confirmSubscription(confirmationTokenIn("stina@example.org"))).toBe("confirmed");
    expect(await db().member.findUniqueOrThrow({ where: { id: member_id } })).toMatchObject({ globalOptOutAt: null });
    expect(await activeCount(list.id)).toBe(1);
  });

  it("without double opt-in a known member is subscribed, but what the form says about them is not stored", async () => {
    const { list } = await makeList();
    const first = await subscribe(list.uuid, { email: "eva@example.org", firstname: "Eva" });
    const again = await subscribe(list.uuid, {
      email: "eva@example.org",
      firstname: "Evelina",
      lastname: "Berg",
      phone: "1",
    });
    expect(again.member_id).toBe(first.member_id);
    expect(await db().member.findUniqueOrThrow({ where: { id: first.member_id } })).toMatchObject({
      firstname: "Eva",
      lastname: null,
      phone: null,
    });
    expect(first.subscription.status).toBe("SUBSCRIBED");
  });

  it("a suppressed address must confirm by email; confirming lifts the suppression", async () => {
    const { company, list } = await makeList();
    await db().suppression.create({
      data: {
        organizationId: company.id,
        email: "bounced@example.org",
        reason: "HARD_BOUNCE",
        suppressedAt: new Date(),
      },
    });
    const pending = await subscribe(list.uuid, { email: "bounced@example.org" });
    expect(pending.subscription.status).toBe("PENDING");
    await sink.waitFor(1);
    expect(await confirmSubscription(confirmationTokenIn("bounced@example.org"))).toBe("confirmed");
    const lifted = await db().suppression.findFirstOrThrow({
      where: { organizationId: company.id, email: "bounced@example.org" },
    });
    expect(lifted.liftedAt).toBeInstanceOf(Date);
    expect(lifted.liftedBy).toBe("email-confirmation");
  });

  it("staff in the dashboard cannot re-subscribe someone who left on their own, but can send a confirmation", async () => {
    const { list } = await makeList();
    const { member_id } = await subscribe(list.uuid, { email: "left@example.org" });
    const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });
    await optOutEverywhere(member.uuid);
    await expect(setMemberSubscription(dashboardUser, list.id, member_id, true)).rejects.toThrow(Conflict);

    // Someone staff unsubscribed, staff may subscribe again.
    const other = await subscribe(list.uuid, { email: "staffmoved@example.org" });
    await setMemberSubscription(dashboardUser, list.id, other.member_id, false);
    expect((await setMemberSubscription(dashboardUser, list.id, other.member_id, true)).subscription?.status).toBe(
      "SUBSCRIBED",
    );

    expect(await requestConfirmationByStaff(dashboardUser, list.id, member_id)).toEqual({
      member_id,
      confirmation_sent: true,
    });
    expect(await requestConfirmationByStaff(dashboardUser, list.id, member_id)).toEqual({
      member_id,
      confirmation_sent: false,
    });
    await sink.waitFor(1);
    expect(sink.received[0].envelopeTo).toEqual(["left@example.org"]);
    expect((await subscriptionOf(list.id, member_id)).status).toBe("PENDING");
  });

  it("a welcome message follows a subscribe on a list without double opt-in, once", async () => {
    const { list } = await makeList({ welcome_subject: "Welcome aboard", welcome_html: "<p>Glad you are here</p>" });
    await subscribe(list.uuid, { email: "wendy@example.org" }, "en");
    await subscribe(list.uuid, { email: "wendy@example.org" }, "en");
    await sink.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(["Welcome aboard"]);
    expect(sink.received[0].parsed.text).toContain("/preferences/");
  });

  it("the cap still holds for the public form without double opt-in", async () => {
    const { list } = await makeList({ subscriber_cap: 0 });
    await expect(subscribe(list.uuid, { email: "late@example.org" })).rejects.toThrow(CapReached);
  });
});
