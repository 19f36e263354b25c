// Business rules of subscriptions on the services directly (modules/lists/services/subscriptions.ts, subscribers.ts): a list's
// active count follows every change of a subscription's status, whoever makes it. No server, no build.
import { describe, expect, it } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { CapReached } from "@/lib/errors";
import { operatorCaller } from "@/modules/access/services/caller";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { optOutEverywhere, unsubscribeByUuids } from "@/modules/lists/services/subscriptions";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { makeCompany } from "../helpers";

async function twoLists() {
  const company = await makeCompany("Listföreningen");
  const make = (name: string) => createList(operatorCaller(), { name, company_id: company.id });
  return [await make("Nyheter"), await make("Evenemang")];
}

const activeCount = async (listId: number) =>
  (await db().subscriptionList.findUniqueOrThrow({ where: { id: listId } })).activeCount;
const subscribe = (listUuid: string, input: unknown) => subscribeVisitor(listUuid, SubscribeRequest.parse(input));

describe("subscriptions", () => {
  it("a visitor subscribing twice is one member with one subscription and one slot", async () => {
    const [list] = await twoLists();
    const first = await subscribe(list.uuid, { email: "eva@example.org", firstname: "Eva" });
    const again = await subscribe(list.uuid, { email: "EVA@example.org", firstname: "Evelina", lastname: "Berg" });
    expect(again.member_id).toBe(first.member_id);
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(await activeCount(list.id)).toBe(1);
    // An anonymous form never changes what is stored about an existing member (tests/service/double-opt-in.test.ts).
    expect(await db().member.findUniqueOrThrow({ where: { id: first.member_id } })).toMatchObject({
      firstname: "Eva",
      lastname: null,
    });
  });

  it("a first subscribe asks about its address once: the member that has it, an opt-out and a suppression together", async () => {
    const [list] = await twoLists();
    await subscribe(list.uuid, { email: "forsta@example.org" });
    const watch = watchStatements();
    await subscribe(list.uuid, { email: "andra@example.org" });
    watch.stop();
    const beforeInsert = watch.statements.slice(
      0,
      watch.statements.findIndex((sql) => sql.includes('INSERT INTO "Member"')),
    );
    const asks = beforeInsert.filter(
      (sql) => sql.includes('FROM "Suppression"') || /FROM \(?"?Member"?|JOIN "Member"/.test(sql),
    );
    expect(asks).toHaveLength(1);
  });

  it("a subscribe claims its slot of the list last, after its audit entry; at the cap it writes nothing at all", async () => {
    const [list] = await twoLists();
    const watch = watchStatements();
    const { member_id } = await subscribe(list.uuid, { email: "sist@example.org" });
    watch.stop();
    // On PostgreSQL the claim locks the list's row until the commit, and every subscribe to the list waits for it.
    const writes = watch.statements.filter((sql) => /^\s*(INSERT|UPDATE|DELETE)/i.test(sql));
    expect(writes.at(-1)).toMatch(/^\s*UPDATE "SubscriptionList" SET "activeCount"/);
    expect(writes.some((sql) => sql.includes('INSERT INTO "AuditEntry"'))).toBe(true);
    expect(await db().auditEntry.count({ where: { actor: `member:${member_id}` } })).toBe(1);

    await db().subscriptionList.update({ where: { id: list.id }, data: { subscriberCap: 1 } });
    await expect(subscribe(list.uuid, { email: "for-sent@example.org" })).rejects.toThrow(CapReached);
    expect(await db().member.count({ where: { email: "for-sent@example.org" } })).toBe(0);
    expect(
      await db().auditEntry.count({ where: { companyId: list.company_id, action: "subscription.subscribe" } }),
    ).toBe(1);
    expect(await activeCount(list.id)).toBe(1);
  });

  it("an unsubscribe link ends only its own list's subscription, and a wrong pairing changes nothing", async () => {
    const [news, events] = await twoLists();
    const { member_id } = await subscribe(news.uuid, { email: "olle@example.org" });
    await subscribe(events.uuid, { email: "olle@example.org" });
    const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });

    await unsubscribeByUuids(events.uuid, crypto.randomUUID());
    await unsubscribeByUuids("not-a-uuid", member.uuid);
    expect([await activeCount(news.id), await activeCount(events.id)]).toEqual([1, 1]);

    await unsubscribeByUuids(news.uuid, member.uuid);
    await unsubscribeByUuids(news.uuid, member.uuid);
    expect([await activeCount(news.id), await activeCount(events.id)]).toEqual([0, 1]);
  });

  it("a global opt-out ends every subscription and frees every slot; subscribing again waits for a confirmation", async () => {
    const [news, events] = await twoLists();
    const { member_id } = await subscribe(news.uuid, { email: "stina@example.org" });
    await setMemberSubscription(operatorCaller(), events.id, member_id, true);
    const member = await db().member.findUniqueOrThrow({ where: { id: member_id } });

    expect(await optOutEverywhere(member.uuid)).toBe(true);
    expect([await activeCount(news.id), await activeCount(events.id)]).toEqual([0, 0]);
    expect((await db().member.findUniqueOrThrow({ where: { id: member_id } })).globalOptOutAt).not.toBeNull();

    // Only the address owner's confirmation lifts it (the confirmation itself: tests/service/double-opt-in.test.ts).
    expect((await subscribe(news.uuid, { email: "stina@example.org" })).subscription.status).toBe("PENDING");
    expect((await db().member.findUniqueOrThrow({ where: { id: member_id } })).globalOptOutAt).not.toBeNull();
    expect([await activeCount(news.id), await activeCount(events.id)]).toEqual([0, 0]);
  });
});
