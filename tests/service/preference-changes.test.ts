// What a person changes about themselves on the preference page beyond a list's switch: joining the organization's
// other public lists (double opt-in respected), their name and interests, and a change of address confirmed by a
// single-use link mailed to the new address. Real SMTP server; every change audited as the member's own.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { NotFound, RateLimited, ValidationFailed } from "@/lib/errors";
import { addressChangeOf, confirmAddressChange, requestAddressChange } from "@/modules/members/services/address-change";
import { operatorCaller } from "@/modules/access/services/caller";
import { joinList, saveAnswers, saveName } from "@/modules/lists/services/preference-changes";
import { confirmErasure, preferencesOf, requestErasure } from "@/modules/lists/services/preferences";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { createList, updateList } from "@/modules/lists/services/lists";
import { preferencesToken } from "@/modules/lists/services/unsubscribe-links";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { makeCompany } from "../helpers";
import { smtpSinkForServices } from "../service-mail";

const sink = await smtpSinkForServices();
const op = operatorCaller();

/** A person on "Nyheter" of an organization that also has "Evenemang" (questions, a term that must be accepted), "Kurser" (double opt-in) and a closed list. */
async function person(email: string) {
  const company = await makeCompany("Självserviceföreningen");
  const group = await db().propertyGroup.create({ data: { companyId: company.id, name: "Intressen" } });
  const [music, sport] = await Promise.all(
    ["Musik", "Idrott"].map((name) => db().property.create({ data: { groupId: group.id, name } })),
  );
  const news = await createList(op, { name: "Nyheter", company_id: company.id });
  await updateList(op, news.id, { question_prop_ids: [music.id, sport.id] });
  const events = await createList(op, { name: "Evenemang", company_id: company.id, consent_required: true });
  await updateList(op, events.id, {
    question_prop_ids: [music.id, sport.id],
    term: { name: "Villkor", html: "<p>Vi sparar adressen.</p>" },
  });
  const courses = await createList(op, { name: "Kurser", company_id: company.id, double_opt_in: true });
  const closed = await createList(op, { name: "Stängd", company_id: company.id });
  await updateList(op, closed.id, { is_active: false });
  const { member_id } = await subscribeVisitor(news.uuid, SubscribeRequest.parse({ email }));
  const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });
  return { company, news, events, courses, closed, music, sport, member, token: preferencesToken(member.uuid) };
}

const auditOf = async (uuid: string) =>
  (await db().auditEntry.findMany({ where: { actor: `member:${uuid}` }, orderBy: { id: "asc" } })).map(
    (e) => `${e.actorKind} ${e.action} ${e.summary}`,
  );
const linkIn = (text: string | undefined, path: string) => new RegExp(`/${path}/([^?\\s"<>]+)`).exec(text ?? "")![1];

describe("joining the organization's other public lists", () => {
  it("offers the active lists the person is not on, and joins one with its answers and consent", async () => {
    const { token, events, courses, closed, music, member } = await person("lina@example.org");
    const prefs = await preferencesOf(token);
    expect(prefs.otherLists.map((l) => l.name)).toEqual(["Evenemang", "Kurser"]);
    expect(prefs.otherLists[0]).toMatchObject({
      consentRequired: true,
      doubleOptIn: false,
      term: { name: "Villkor" },
      questions: [{ name: "Musik" }, { name: "Idrott" }],
    });

    await expect(
      joinList(token, { listId: events.id, answered: [music.id], termsAccepted: false }, "sv"),
    ).rejects.toThrow(ValidationFailed);
    expect(await joinList(token, { listId: events.id, answered: [music.id], termsAccepted: true }, "sv")).toBe(
      "subscribed",
    );
    expect(
      await db().subscription.findFirstOrThrow({ where: { listId: events.id, memberId: member.id } }),
    ).toMatchObject({ status: "SUBSCRIBED", confirmedVia: "PREFERENCES" });
    expect(
      await db().memberProperty.findMany({ where: { memberId: member.id }, select: { propertyId: true } }),
    ).toEqual([{ propertyId: music.id }]);
    expect(await db().memberConsent.count({ where: { memberId: member.id, sourceListId: events.id } })).toBe(1);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: events.id } })).activeCount).toBe(1);
    expect((await preferencesOf(token)).otherLists.map((l) => l.name)).toEqual(["Kurser"]);
    expect(await auditOf(member.uuid)).toEqual([`public member.update member ${member.id}: prop_ids`]);
    expect(
      await db().auditEntry.count({
        where: { action: "subscription.subscribe", objectId: `${events.id}:${member.id}` },
      }),
    ).toBe(1);

    // Not again (the list switch handles lists the person is on), not a closed one, not another organization's.
    await expect(joinList(token, { listId: events.id, answered: [], termsAccepted: true }, "sv")).rejects.toThrow(
      NotFound,
    );
    await expect(joinList(token, { listId: closed.id, answered: [], termsAccepted: false }, "sv")).rejects.toThrow(
      NotFound,
    );
    const other = await person("annan@example.org");
    await expect(
      joinList(token, { listId: other.courses.id, answered: [], termsAccepted: false }, "sv"),
    ).rejects.toThrow(NotFound);
    expect(courses.id).toBeGreaterThan(0);
  });

  it("a list with double opt-in waits for the confirmation mailed as the subscribe page mails it", async () => {
    const { token, courses, member } = await person("dubbel@example.org");
    expect(await joinList(token, { listId: courses.id, answered: [], termsAccepted: false }, "en")).toBe(
      "confirmationSent",
    );
    expect(
      await db().subscription.findFirstOrThrow({ where: { listId: courses.id, memberId: member.id } }),
    ).toMatchObject({ status: "PENDING" });
    const [mail] = await sink.waitFor(1);
    expect(mail.envelopeTo).toEqual(["dubbel@example.org"]);
    expect(mail.parsed.text).toMatch(/\/confirm\//);
    expect(await auditOf(member.uuid)).toEqual([
      `public subscription.request_confirmation dubbel@example.org on Kurser`,
    ]);
  });
});

describe("the person's name and interests", () => {
  it("saves first and last name, audited as the member's own change, and the search finds the new name", async () => {
    const { token, member } = await person("namn@example.org");
    await saveName(token, { firstname: " Märta ", lastname: "Åström" });
    expect(await db().member.findUniqueOrThrow({ where: { id: member.id } })).toMatchObject({
      firstname: "Märta",
      lastname: "Åström",
      searchText: expect.stringContaining("marta astrom"),
    });
    await saveName(token, { firstname: "Märta", lastname: "Åström" }); // unchanged: nothing written
    await expect(saveName(token, { firstname: "x".repeat(129), lastname: "" })).rejects.toThrow(ValidationFailed);
    expect(await auditOf(member.uuid)).toEqual([`public member.update member ${member.id}: firstname, lastname`]);
  });

  it("replaces the answers to one list's questions, leaving the person's other properties", async () => {
    const { token, news, music, sport, member, company } = await person("intressen@example.org");
    const own = await db().property.create({
      data: {
        groupId: (await db().propertyGroup.create({ data: { companyId: company.id, name: "Annat" } })).id,
        name: "Styrelse",
      },
    });
    await db().memberProperty.createMany({
      data: [
        { memberId: member.id, propertyId: music.id },
        { memberId: member.id, propertyId: own.id },
      ],
    });
    await saveAnswers(token, news.id, [sport.id, own.id]); // own is not the list's question: ignored
    const answered = await db().memberProperty.findMany({
      where: { memberId: member.id },
      orderBy: { propertyId: "asc" },
      select: { propertyId: true },
    });
    expect(answered.map((a) => a.propertyId)).toEqual([sport.id, own.id].sort((a, b) => a - b));
    expect((await preferencesOf(token)).answered.sort()).toEqual([sport.id, own.id].sort());
    expect(await auditOf(member.uuid)).toEqual([`public member.update member ${member.id}: prop_ids`]);
    await expect(saveAnswers(token, (await person("x@example.org")).news.id, [])).rejects.toThrow(NotFound);
  });
});

describe("a change of address", () => {
  it("changes only when the link mailed to the new address is used, once, and tells the old address", async () => {
    const { token, member } = await person("gammal@example.org");
    await requestAddressChange(token, " Ny@Example.org ", "sv");
    const [link] = await sink.waitFor(1);
    expect(link.envelopeTo).toEqual(["ny@example.org"]);
    expect(link.parsed.subject).toBe("Bekräfta din nya e-postadress");
    const changeToken = linkIn(link.parsed.text, "preferences/address");
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).email).toBe("gammal@example.org");
    expect((await preferencesOf(token)).pendingAddress).toBe("ny@example.org");
    expect(await addressChangeOf(changeToken)).toMatchObject({ state: "open", newEmail: "ny@example.org" });
    expect(await addressChangeOf(changeToken.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull(); // altered
    expect(await addressChangeOf(token)).toBeNull(); // a preference token is not an address token

    sink.received.length = 0;
    await confirmAddressChange(changeToken, "sv");
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).email).toBe("ny@example.org");
    const [notice] = await sink.waitFor(1);
    expect(notice.envelopeTo).toEqual(["gammal@example.org"]);
    expect(notice.parsed.text).toContain("ny@example.org");
    await expect(confirmAddressChange(changeToken, "sv")).rejects.toThrow(NotFound); // single use
    expect(await addressChangeOf(changeToken)).toMatchObject({ state: "done" }); // the page says so, with no button
    expect(await auditOf(member.uuid)).toEqual([
      `public member.email_change_request member ${member.id}`,
      `public member.update member ${member.id}: email`,
    ]);
  });

  it("refuses bad and same addresses, expires, ends an earlier request, limits the rate, and never reveals a taken address", async () => {
    const { token, member, company } = await person("adress@example.org");
    await expect(requestAddressChange(token, "inte en adress", "sv")).rejects.toThrow(ValidationFailed);
    await expect(requestAddressChange(token, "ADRESS@example.org", "sv")).rejects.toThrow(ValidationFailed);

    await db().member.create({
      data: { uuid: crypto.randomUUID(), organizationId: company.id, email: "upptagen@example.org" },
    });
    await requestAddressChange(token, "upptagen@example.org", "en");
    const [taken] = await sink.waitFor(1);
    expect(taken.envelopeTo).toEqual(["upptagen@example.org"]);
    expect(taken.parsed.subject).toBe("Your email address was not changed");
    expect(taken.parsed.text).not.toMatch(/\/preferences\/address\//);

    sink.received.length = 0;
    await requestAddressChange(token, "forsta@example.org", "sv");
    const first = linkIn((await sink.waitFor(1))[0].parsed.text, "preferences/address");
    sink.received.length = 0;
    await requestAddressChange(token, "andra@example.org", "sv");
    const second = linkIn((await sink.waitFor(1))[0].parsed.text, "preferences/address");
    expect(await addressChangeOf(first)).toBeNull(); // the newer request ended it
    await db().emailChange.updateMany({
      where: { memberId: member.id, newEmail: "andra@example.org" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(confirmAddressChange(second, "sv")).rejects.toThrow(NotFound);
    await expect(requestAddressChange(token, "fjarde@example.org", "sv")).rejects.toThrow(RateLimited);
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).email).toBe("adress@example.org");
  });

  it("an erasure takes the waiting change with it", async () => {
    const { token, member } = await person("radera@example.org");
    await requestAddressChange(token, "ny-radera@example.org", "sv");
    await requestErasure(token, "sv");
    const mails = await sink.waitFor(2);
    await confirmErasure(
      linkIn(mails.find((m) => m.envelopeTo[0] === "radera@example.org")!.parsed.text, "preferences/erase"),
    );
    expect(await db().emailChange.count({ where: { memberId: member.id } })).toBe(0);
  });
});
