// The preference page's rules on the services (modules/lists/services/preferences.ts) and the unsubscribe page's undo, with a
// real SMTP server for the erasure confirmation.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { operatorCaller } from "@/modules/access/services/caller";
import {
  confirmErasure,
  dataOf,
  erasureLinkIsValid,
  optOutOfEverything,
  preferencesOf,
  requestErasure,
  setListPreference,
  undoOptOut,
} from "@/modules/lists/services/preferences";
import { createList, updateList } from "@/modules/lists/services/lists";
import { undoUnsubscribe, unsubscribeByUuids } from "@/modules/lists/services/subscriptions";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { preferencesToken } from "@/modules/lists/services/unsubscribe-links";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { smtpSinkForServices } from "../service-mail";
import { makeCompany } from "../helpers";

const sink = await smtpSinkForServices();

async function personOnTwoLists(email: string) {
  const company = await makeCompany("Inställningsföreningen");
  const news = await createList(operatorCaller(), { name: "Nyheter", company_id: company.id });
  const events = await createList(operatorCaller(), { name: "Evenemang", company_id: company.id });
  await updateList(operatorCaller(), news.id, { term: { name: "Villkor", html: "<p>Adressen sparas.</p>" } });
  const { member_id } = await subscribeVisitor(
    news.uuid,
    SubscribeRequest.parse({ email, firstname: "Pia", terms_accepted: true }),
  );
  await subscribeVisitor(events.uuid, SubscribeRequest.parse({ email }));
  const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });
  return { company, news, events, member, token: preferencesToken(member.uuid) };
}

const statuses = async (token: string) =>
  Object.fromEntries((await preferencesOf(token)).lists.map((l) => [l.name, l.status]));

describe("the preference page", () => {
  it("shows the person's lists, switches one off and on, and opts out of everything and back", async () => {
    const { token, news } = await personOnTwoLists("pia@example.org");
    expect(await statuses(token)).toEqual({ Evenemang: "SUBSCRIBED", Nyheter: "SUBSCRIBED" });

    await setListPreference(token, news.id, false);
    expect(await statuses(token)).toEqual({ Evenemang: "SUBSCRIBED", Nyheter: "UNSUBSCRIBED" });
    await setListPreference(token, news.id, true);
    const back = await db().subscription.findFirstOrThrow({ where: { listId: news.id } });
    expect(back).toMatchObject({ status: "SUBSCRIBED", confirmedVia: "PREFERENCES" });

    await optOutOfEverything(token);
    expect((await preferencesOf(token)).optedOutAt).toBeInstanceOf(Date);
    expect(await statuses(token)).toEqual({ Evenemang: "UNSUBSCRIBED", Nyheter: "UNSUBSCRIBED" });
    await undoOptOut(token);
    expect((await preferencesOf(token)).optedOutAt).toBeNull();
    expect(await statuses(token)).toEqual({ Evenemang: "SUBSCRIBED", Nyheter: "SUBSCRIBED" });
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: news.id } })).activeCount).toBe(1);
  });

  it("a list of another organization, or a forged token, changes nothing", async () => {
    const { token, member } = await personOnTwoLists("olof@example.org");
    const other = await personOnTwoLists("someone@example.org");
    await expect(setListPreference(token, other.news.id, true)).rejects.toThrow(NotFound);
    await expect(preferencesOf(`${member.uuid}.1.${"A".repeat(43)}`)).rejects.toThrow(NotFound);
    await expect(preferencesOf(preferencesToken(member.uuid, Date.now() - 400 * 86400_000))).rejects.toThrow(NotFound);
  });

  it("hands out the person's data: member fields, consents, subscriptions and sendouts received", async () => {
    const { token, company, member, news } = await personOnTwoLists("data@example.org");
    const sendout = await db().sendout.create({
      data: { companyId: company.id, subject: "Höstbrev", html: "<p>Hej</p>", createdBy: "cli", status: "SENT" },
    });
    await db().sendoutRecipient.create({
      data: {
        sendoutId: sendout.id,
        memberId: member.id,
        listId: news.id,
        email: "data@example.org",
        status: "SENT",
        sentAt: new Date(),
      },
    });
    const data = await dataOf(token);
    expect(data.member).toMatchObject({ email: "data@example.org", firstname: "Pia" });
    expect(data.consents).toEqual([expect.objectContaining({ term: "Villkor", list: "Nyheter" })]);
    expect(data.subscriptions.map((s) => s.list).sort()).toEqual(["Evenemang", "Nyheter"]);
    expect(data.sendouts_received).toEqual([expect.objectContaining({ subject: "Höstbrev", status: "SENT" })]);
  });

  it("erases only after the emailed link's button, the same erasure as DELETE /v3/member/{id}", async () => {
    const { token, member } = await personOnTwoLists("erase@example.org");
    await requestErasure(token, "en");
    const [mail] = await sink.waitFor(1);
    expect(mail.parsed.subject).toBe("Confirm that your data should be erased");
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).erasedAt).toBeNull();
    const link = /\/preferences\/erase\/([^?\s"<>]+)/.exec(mail.parsed.text ?? "")![1];
    expect(await erasureLinkIsValid(link)).toBe(true);
    expect(await erasureLinkIsValid(token)).toBe(false); // a preference token is not an erasure token

    await confirmErasure(link);
    const erased = await db().member.findUniqueOrThrow({ where: { id: member.id } });
    expect(erased).toMatchObject({ email: null, firstname: null });
    expect(erased.erasedAt).toBeInstanceOf(Date);
    expect(await db().subscription.count({ where: { memberId: member.id } })).toBe(0);
    await expect(preferencesOf(token)).rejects.toThrow(NotFound);
  });
});

describe("the unsubscribe page's undo", () => {
  it("brings back a subscription its link ended moments ago, and nothing else", async () => {
    const { news, events, member } = await personOnTwoLists("undo@example.org");
    expect(await undoUnsubscribe(news.uuid, member.uuid)).toBe(false); // still subscribed: nothing to undo
    await unsubscribeByUuids(news.uuid, member.uuid);
    expect(await undoUnsubscribe(news.uuid, member.uuid)).toBe(true);
    expect((await db().subscription.findFirstOrThrow({ where: { listId: news.id, memberId: member.id } })).status).toBe(
      "SUBSCRIBED",
    );

    await unsubscribeByUuids(events.uuid, member.uuid);
    await db().subscription.updateMany({
      where: { listId: events.id },
      data: { unsubscribedAt: new Date(Date.now() - 31 * 60 * 1000) },
    });
    expect(await undoUnsubscribe(events.uuid, member.uuid)).toBe(false);
  });
});
