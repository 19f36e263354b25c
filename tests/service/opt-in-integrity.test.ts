// Double opt-in that a stranger cannot walk around or bend: the member's uuid (in every newsletter) does not stand in
// for a confirmation, a confirmation link confirms only the request it was mailed for, with the data it was mailed
// for, and the anonymous subscribe's answer says nothing about what was stored before. With a real SMTP server.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { confirmSubscription } from "@/modules/lists/services/confirmations";
import { createList } from "@/modules/lists/services/lists";
import { optOutEverywhere, undoUnsubscribe, unsubscribeByUuids } from "@/modules/lists/services/subscriptions";
import { subscribePublicly, subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { unsubscribePage } from "@/modules/lists/services/unsubscribe-page";
import { optOutOfEverything, undoOptOut } from "@/modules/lists/services/preferences";
import { preferencesToken } from "@/modules/lists/services/unsubscribe-links";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { smtpSinkForServices } from "../service-mail";
import { makeCompany } from "../helpers";

const sink = await smtpSinkForServices({ siteUrl: "https://lists.example.org" });

const subscribe = (listUuid: string, input: unknown) => subscribeVisitor(listUuid, SubscribeRequest.parse(input), "sv");

async function makeList(doubleOptIn: boolean) {
  const company = await makeCompany("Grindvakterna");
  return createList(operatorCaller(), { name: "Veckobrevet", company_id: company.id, double_opt_in: doubleOptIn });
}

const mailsTo = (to: string) => sink.received.filter((m) => m.envelopeTo.includes(to));

/** The token of the confirmation link in the newest message to `to`. */
function tokenIn(to: string): string {
  const match = /\/confirm\/([^?\s"<>]+)/.exec(mailsTo(to).at(-1)?.parsed.text ?? "");
  if (!match) throw new Error(`no confirmation link to ${to}`);
  return match[1];
}

/** The member of that address on that list (each test has its own company). */
const memberOf = (email: string, listId: number) =>
  db().member.findFirstOrThrow({ where: { email, subscriptions: { some: { listId } } }, include: { consents: true } });
const subscriptionOf = (listId: number, memberId: number) =>
  db().subscription.findUniqueOrThrow({ where: { listId_memberId: { listId, memberId } } });
const activeCount = async (listId: number) =>
  (await db().subscriptionList.findUniqueOrThrow({ where: { id: listId } })).activeCount;
/** As if the last confirmation went out longer ago than the resend throttle. */
const afterThrottle = (id: number) =>
  db().subscription.update({ where: { id }, data: { confirmationSentAt: new Date(Date.now() - 11 * 60 * 1000) } });

describe("double opt-in cannot be walked around with the member's uuid", () => {
  it("unsubscribe and 'subscribe again' on a request nobody confirmed leave it pending, and its own link still confirms it", async () => {
    const list = await makeList(true);
    const { member_id } = await subscribe(list.uuid, { email: "ovan@example.org" });
    await sink.waitFor(1);
    const member = await memberOf("ovan@example.org", list.id);

    await unsubscribeByUuids(list.uuid, member.uuid);
    expect((await subscriptionOf(list.id, member_id)).status).toBe("UNSUBSCRIBED");
    expect(await unsubscribePage(list.uuid, member.uuid)).toEqual({
      listName: "Veckobrevet",
      state: "unsubscribed",
      canUndo: true,
    });
    expect(await undoUnsubscribe(list.uuid, member.uuid)).toBe(true);

    const restored = await subscriptionOf(list.id, member_id);
    expect(restored).toMatchObject({ status: "PENDING", confirmedAt: null, confirmedVia: null });
    expect(await activeCount(list.id)).toBe(0);
    expect(await unsubscribePage(list.uuid, member.uuid)).toMatchObject({ state: "pending", canUndo: false });

    expect(await confirmSubscription(tokenIn("ovan@example.org"))).toBe("confirmed");
    expect(await subscriptionOf(list.id, member_id)).toMatchObject({
      status: "SUBSCRIBED",
      confirmedVia: "EMAIL_LINK",
    });
    expect(await activeCount(list.id)).toBe(1);
  });

  it("an active subscription left by its link comes back active with 'subscribe again'", async () => {
    const list = await makeList(false);
    const { member_id } = await subscribe(list.uuid, { email: "aktiv@example.org" });
    const member = await memberOf("aktiv@example.org", list.id);
    await unsubscribeByUuids(list.uuid, member.uuid);
    expect(await undoUnsubscribe(list.uuid, member.uuid)).toBe(true);
    expect((await subscriptionOf(list.id, member_id)).status).toBe("SUBSCRIBED");
    expect(await activeCount(list.id)).toBe(1);
    expect(await unsubscribePage(list.uuid, member.uuid)).toEqual({
      listName: "Veckobrevet",
      state: "subscribed",
      canUndo: false,
    });
  });

  it("a request ended by a global opt-out is not a subscription to restore either", async () => {
    const list = await makeList(true);
    const { member_id } = await subscribe(list.uuid, { email: "allt@example.org" });
    const member = await memberOf("allt@example.org", list.id);
    await optOutEverywhere(member.uuid);
    expect(await subscriptionOf(list.id, member_id)).toMatchObject({ status: "UNSUBSCRIBED", endedWhilePending: true });
    // A new request is a request of its own: nothing of the ended one's mark stays on it.
    await subscribe(list.uuid, { email: "allt@example.org" });
    expect(await subscriptionOf(list.id, member_id)).toMatchObject({ status: "PENDING", endedWhilePending: false });
  });
  it("undoing a global opt-out on the preference page brings a request nobody confirmed back pending, not subscribed", async () => {
    const list = await makeList(true);
    const { member_id } = await subscribe(list.uuid, { email: "angra@example.org" });
    const member = await memberOf("angra@example.org", list.id);
    const token = preferencesToken(member.uuid);
    await optOutOfEverything(token);
    await undoOptOut(token);
    expect(await subscriptionOf(list.id, member_id)).toMatchObject({
      status: "PENDING",
      confirmedAt: null,
      endedWhilePending: false,
    });
    expect(await activeCount(list.id)).toBe(0);
    // Its own link still confirms it.
    expect(await confirmSubscription(tokenIn("angra@example.org"))).toBe("confirmed");
    expect(await activeCount(list.id)).toBe(1);
  });
});

describe("a confirmation link confirms the request it was mailed for", () => {
  it("a stranger's subscribe while the request is pending changes nothing of what the owner's click stores", async () => {
    const list = await makeList(true);
    const before = sink.received.length;
    await subscribe(list.uuid, { email: "agare@example.org", firstname: "Ada", lastname: "Lind" });
    await sink.waitFor(before + 1);
    const [mail] = mailsTo("agare@example.org");
    expect(mail.parsed.text).toContain("Namn: Ada Lind");

    await subscribe(list.uuid, {
      email: "agare@example.org",
      firstname: "Mallory",
      phone: "0701234567",
      terms_accepted: true,
    });
    expect(mailsTo("agare@example.org")).toHaveLength(1); // within the resend throttle: no new message
    expect(await confirmSubscription(tokenIn("agare@example.org"))).toBe("confirmed");
    const member = await memberOf("agare@example.org", list.id);
    expect(member).toMatchObject({ firstname: "Ada", lastname: "Lind", phone: null });
    expect(member.consents).toEqual([]);
  });

  it("a new message (after the throttle) carries the new data under a new link; the old link stops working", async () => {
    const list = await makeList(true);
    const { subscription } = await subscribe(list.uuid, { email: "tva@example.org", firstname: "Första" });
    await sink.waitFor(1);
    const first = tokenIn("tva@example.org");
    await afterThrottle(subscription.id);
    const count = sink.received.length;
    await subscribe(list.uuid, { email: "tva@example.org", firstname: "Andra" });
    await sink.waitFor(count + 1);
    const second = tokenIn("tva@example.org");
    expect(second).not.toBe(first);
    expect(await confirmSubscription(first)).toBe("invalid");
    expect(await confirmSubscription(second)).toBe("confirmed");
    expect((await memberOf("tva@example.org", list.id)).firstname).toBe("Andra");
  });

  it("an old link does not confirm a later request on the same row", async () => {
    const list = await makeList(true);
    const { member_id, subscription } = await subscribe(list.uuid, { email: "gammal@example.org" });
    await sink.waitFor(1);
    const old = tokenIn("gammal@example.org");
    expect(await confirmSubscription(old)).toBe("confirmed");
    const member = await memberOf("gammal@example.org", list.id);
    await unsubscribeByUuids(list.uuid, member.uuid);

    // Soon after (within the throttle, no new message) and later (a new message): the week-old link confirms neither.
    await subscribe(list.uuid, { email: "gammal@example.org", firstname: "Främling" });
    expect(await confirmSubscription(old)).toBe("invalid");
    expect((await subscriptionOf(list.id, member_id)).status).toBe("PENDING");
    await afterThrottle(subscription.id);
    await subscribe(list.uuid, { email: "gammal@example.org", firstname: "Främling" });
    expect(await confirmSubscription(old)).toBe("invalid");
    expect((await subscriptionOf(list.id, member_id)).status).toBe("PENDING");
    expect((await memberOf("gammal@example.org", list.id)).firstname).toBeNull();
  });
});

describe("the anonymous subscribe's answer says nothing about what was stored before", () => {
  const answerOf = async (listUuid: string, email: string) => {
    const { member_id, subscription } = await subscribePublicly(listUuid, SubscribeRequest.parse({ email }));
    const { subscribed_at, ...rest } = subscription;
    expect(Date.now() - Date.parse(subscribed_at)).toBeLessThan(60_000);
    return { member_id, subscription: rest };
  };

  it("a known, subscribed or opted-out address is answered as a new one", async () => {
    for (const doubleOptIn of [false, true]) {
      const list = await makeList(doubleOptIn);
      await subscribe(list.uuid, { email: "kand@example.org" });
      const known = await memberOf("kand@example.org", list.id);
      if (doubleOptIn)
        await db().subscription.updateMany({
          where: { memberId: known.id },
          data: { status: "SUBSCRIBED", subscribedAt: new Date("2020-01-01") },
        });
      const stranger = await makeList(doubleOptIn);
      await subscribe(stranger.uuid, { email: "borta@example.org" });
      await optOutEverywhere((await memberOf("borta@example.org", stranger.id)).uuid);

      const fresh = await answerOf(list.uuid, `ny-${doubleOptIn}@example.org`);
      const status = doubleOptIn ? "PENDING" : "SUBSCRIBED";
      expect(fresh).toEqual({
        member_id: 0,
        subscription: { id: 0, list_id: list.id, member_id: 0, status, source: "PUBLIC_FORM", unsubscribed_at: null },
      });
      expect(await answerOf(list.uuid, "kand@example.org")).toEqual(fresh);
      expect(await answerOf(stranger.uuid, "borta@example.org")).toEqual({
        ...fresh,
        subscription: { ...fresh.subscription, list_id: stranger.id },
      });
    }
  });
});
