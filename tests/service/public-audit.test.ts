// The audit log records what people change themselves: a subscribe on the hosted form or through the API, the
// unsubscribe link and its undo, the preference page, the global opt-out and the double opt-in confirmation. Each
// entry names the member by id (never the address), the list and the channel, under the list's company.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { confirmSubscription } from "@/modules/lists/services/confirmations";
import { optOutOfEverything, setListPreference, undoOptOut } from "@/modules/lists/services/preferences";
import { createList } from "@/modules/lists/services/lists";
import { undoUnsubscribe, unsubscribeByUuids } from "@/modules/lists/services/subscriptions";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { confirmationToken, preferencesToken } from "@/modules/lists/services/unsubscribe-links";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { smtpSinkForServices } from "../service-mail";
import { makeCompany } from "../helpers";

await smtpSinkForServices();

const entriesOf = (memberId: number) =>
  db().auditEntry.findMany({
    where: { actor: `member:${memberId}` },
    orderBy: { id: "asc" },
    select: { action: true, actorKind: true, objectType: true, objectId: true, companyId: true, summary: true },
  });

describe("public subscription changes in the audit log", () => {
  it("records the hosted form, the API, the link and its undo, the preference page and the opt-out with member id, list and channel", async () => {
    const company = await makeCompany("Loggföreningen");
    const news = await createList(operatorCaller(), { name: "Nyheter", company_id: company.id });
    const events = await createList(operatorCaller(), { name: "Evenemang", company_id: company.id });
    const { member_id } = await subscribeVisitor(
      news.uuid,
      SubscribeRequest.parse({ email: "logg@example.org" }),
      "sv",
      "hosted_form",
    );
    await subscribeVisitor(events.uuid, SubscribeRequest.parse({ email: "logg@example.org" }));
    // Subscribing again changes nothing and records nothing.
    await subscribeVisitor(events.uuid, SubscribeRequest.parse({ email: "logg@example.org" }));
    const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });
    await unsubscribeByUuids(news.uuid, member.uuid);
    await unsubscribeByUuids(news.uuid, member.uuid);
    expect(await undoUnsubscribe(news.uuid, member.uuid)).toBe(true);
    const token = preferencesToken(member.uuid);
    await setListPreference(token, events.id, false);
    await setListPreference(token, events.id, true);
    await optOutOfEverything(token);
    await undoOptOut(token);

    const entries = await entriesOf(member_id);
    const line = (action: string, list: number, channel: string) => ({
      action,
      actorKind: "public",
      objectType: "subscription",
      objectId: `${list}:${member_id}`,
      companyId: company.id,
      summary: `member ${member_id} on list ${list} via ${channel}`,
    });
    expect(entries).toEqual([
      line("subscription.subscribe", news.id, "hosted_form"),
      line("subscription.subscribe", events.id, "api"),
      line("subscription.unsubscribe", news.id, "unsubscribe_link"),
      line("subscription.subscribe", news.id, "undo_link"),
      line("subscription.unsubscribe", events.id, "preferences"),
      line("subscription.subscribe", events.id, "preferences"),
      line("subscription.unsubscribe", news.id, "opt_out"),
      line("subscription.unsubscribe", events.id, "opt_out"),
      line("subscription.subscribe", news.id, "preferences"),
      line("subscription.subscribe", events.id, "preferences"),
    ]);
    expect(entries.map((e) => e.summary).join(" ")).not.toContain("logg@example.org");
  });

  it("records the opt-out and its undo in list order, whichever list came first", async () => {
    const company = await makeCompany("Ordningsföreningen");
    const first = await createList(operatorCaller(), { name: "Först skapad", company_id: company.id });
    const second = await createList(operatorCaller(), { name: "Sedan skapad", company_id: company.id });
    // Subscribed to the later list first, so its subscription row is the older one.
    const { member_id } = await subscribeVisitor(second.uuid, SubscribeRequest.parse({ email: "ordning@example.org" }));
    await subscribeVisitor(first.uuid, SubscribeRequest.parse({ email: "ordning@example.org" }));
    const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });
    await optOutOfEverything(preferencesToken(member.uuid));
    await undoOptOut(preferencesToken(member.uuid));
    const changes = (await entriesOf(member_id)).slice(2).map((e) => `${e.action} ${e.objectId}`);
    expect(changes).toEqual([
      `subscription.unsubscribe ${first.id}:${member_id}`,
      `subscription.unsubscribe ${second.id}:${member_id}`,
      `subscription.subscribe ${first.id}:${member_id}`,
      `subscription.subscribe ${second.id}:${member_id}`,
    ]);
  });

  it("records a double opt-in subscribe when the address owner confirms, not before", async () => {
    const company = await makeCompany("Bekräftelseloggen");
    const list = await createList(operatorCaller(), { name: "Bekräftat", company_id: company.id, double_opt_in: true });
    const { member_id, subscription } = await subscribeVisitor(
      list.uuid,
      SubscribeRequest.parse({ email: "dubbel@example.org" }),
      "en",
      "hosted_form",
    );
    expect(await entriesOf(member_id)).toEqual([]);
    const { confirmationNonce } = await db().subscription.findUniqueOrThrow({ where: { id: subscription.id } });
    expect(await confirmSubscription(confirmationToken(subscription.id, confirmationNonce!))).toBe("confirmed");
    expect(await confirmSubscription(confirmationToken(subscription.id, confirmationNonce!))).toBe("confirmed");
    expect((await entriesOf(member_id)).map((e) => e.summary)).toEqual([
      `member ${member_id} on list ${list.id} via email_confirmation`,
    ]);
  });
});
