// Public subscribes written together (modules/lists/services/public-subscribe.ts): those to one list that arrive while its
// previous ones are being written share the next transaction, and each keeps the outcome it would have had alone:
// its own member, answers, consent, audit entry and events, the cap exact, one member per address, double opt-in.
// A database of its own: an enabled webhook endpoint makes every test's subscribes write events.
import { describe, expect, it } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { CapReached } from "@/lib/errors";
import { operatorCaller } from "@/modules/access/services/caller";
import { createProperty } from "@/modules/members/services/properties";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { createList, updateList } from "@/modules/lists/services/lists";
import { createWebhookEndpoint } from "@/modules/webhooks/services/webhooks";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import { CreateWebhookEndpointRequest } from "@/modules/webhooks/schemas/webhooks";
import { makeCompany } from "../helpers";
import { ownDatabaseWithLoopbackWebhooks } from "../process-fixtures";

const op = operatorCaller();

ownDatabaseWithLoopbackWebhooks();

/** An active list with a consent term and two questions, of a company with an enabled webhook endpoint. */
async function makeList(name: string, cap: number | null = null) {
  const company = await makeCompany(`${name}-föreningen`);
  const questions = await Promise.all(
    ["Tävlingar", "Läger"].map((q) => createProperty(op, { company_id: company.id, group_name: "Intressen", name: q })),
  );
  const list = await createList(op, { name, company_id: company.id });
  await updateList(op, list.id, {
    is_active: true,
    subscriber_cap: cap,
    term: { name: "Villkor", html: "<p>Ja</p>" },
    question_prop_ids: questions.map((q) => q.prop_id),
  });
  await createWebhookEndpoint(
    op,
    CreateWebhookEndpointRequest.parse({
      company_id: company.id,
      url: "http://127.0.0.1:9/hook",
      events: ["member.created", "subscription.created"],
    }),
  );
  return { list, companyId: company.id, questionIds: questions.map((q) => q.prop_id) };
}

const subscribe = (uuid: string, input: unknown) => subscribeVisitor(uuid, SubscribeRequest.parse(input));
const activeCount = async (listId: number) =>
  (await db().subscriptionList.findUniqueOrThrow({ where: { id: listId } })).activeCount;
const eventsOf = async (companyId: string, type: string) =>
  (await db().webhookEvent.findMany({ where: { companyId, type }, select: { payload: true } })).map(
    (e) => JSON.parse(e.payload).member_id as number,
  );

describe("public subscribes at once", () => {
  it("share transactions, and each visitor gets its own member, answers, consent, audit entry and events", async () => {
    const { list, companyId, questionIds } = await makeList("Tillsammans");
    const visitors = Array.from({ length: 24 }, (_, i) => ({
      email: `besokare.${i}@example.org`,
      firstname: `Besökare ${i}`,
      answered_prop_ids: [questionIds[i % 2]],
      terms_accepted: i % 3 !== 0,
    }));
    const watch = watchStatements();
    const results = await Promise.all(visitors.map((visitor) => subscribe(list.uuid, visitor)));
    watch.stop();
    // One statement inserts the members of a whole batch: 24 subscribes alone would send 24.
    const memberInserts = watch.statements.filter((sql) => sql.includes('INSERT INTO "Member"')).length;
    expect(memberInserts).toBeGreaterThan(0);
    expect(memberInserts).toBeLessThanOrEqual(6);

    expect(results.every((r) => r.subscription.status === "SUBSCRIBED")).toBe(true);
    const memberIds = results.map((r) => r.member_id);
    expect(new Set(memberIds).size).toBe(24);
    for (const [i, result] of results.entries()) {
      const member = await db().member.findUniqueOrThrow({
        where: { id: result.member_id },
        include: { properties: true, consents: true },
      });
      expect(member).toMatchObject({
        email: visitors[i].email,
        firstname: visitors[i].firstname,
        organizationId: companyId,
      });
      expect(member.properties.map((p) => p.propertyId)).toEqual(visitors[i].answered_prop_ids);
      expect(member.consents.length).toBe(visitors[i].terms_accepted ? 1 : 0);
      expect(result.subscription).toMatchObject({
        list_id: list.id,
        member_id: result.member_id,
        source: "PUBLIC_FORM",
      });
    }
    expect(await activeCount(list.id)).toBe(24);
    const audited = await db().auditEntry.findMany({
      where: { companyId, action: "subscription.subscribe" },
      select: { actor: true, objectId: true },
    });
    expect(audited.map((a) => a.actor).sort()).toEqual(memberIds.map((id) => `member:${id}`).sort());
    expect((await eventsOf(companyId, "member.created")).sort()).toEqual([...memberIds].sort());
    expect((await eventsOf(companyId, "subscription.created")).sort()).toEqual([...memberIds].sort());
  });

  it("at the cap: cap N and 3N at once give exactly N subscribed and 2N CapReached that leave nothing behind", async () => {
    const N = 5;
    const { list, companyId } = await makeList("Taket", N);
    const settled = await Promise.allSettled(
      Array.from({ length: 3 * N }, (_, i) =>
        subscribe(list.uuid, { email: `tak.${i}@example.org`, terms_accepted: true, answered_prop_ids: [] }),
      ),
    );
    const refused = settled.filter((s) => s.status === "rejected");
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(N);
    expect(refused).toHaveLength(2 * N);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(CapReached);
    expect(await activeCount(list.id)).toBe(N);
    expect(await db().member.count({ where: { organizationId: companyId } })).toBe(N);
    expect(await db().memberConsent.count({ where: { sourceListId: list.id } })).toBe(N);
    expect(await db().auditEntry.count({ where: { companyId, action: "subscription.subscribe" } })).toBe(N);
    expect(await eventsOf(companyId, "member.created")).toHaveLength(N);
  });

  it("one address several times at once (in any case) is one member with one subscription and one slot", async () => {
    const { list, companyId } = await makeList("Samma");
    const spellings = ["Samma@Example.org", "samma@example.org", "SAMMA@EXAMPLE.ORG", " samma@example.org "];
    const others = Array.from({ length: 6 }, (_, i) => `annan.${i}@example.org`);
    const results = await Promise.all([...spellings, ...others].map((email) => subscribe(list.uuid, { email })));
    expect(new Set(results.slice(0, 4).map((r) => r.member_id)).size).toBe(1);
    expect(new Set(results.slice(0, 4).map((r) => r.subscription.id)).size).toBe(1);
    expect(await db().member.count({ where: { organizationId: companyId, email: "samma@example.org" } })).toBe(1);
    expect(await activeCount(list.id)).toBe(1 + others.length);
    expect(await eventsOf(companyId, "subscription.created")).toHaveLength(1 + others.length);
  });

  it("whoever must confirm waits PENDING beside the others of its batch, which are subscribed", async () => {
    const { list, companyId } = await makeList("Blandat");
    const { member_id } = await subscribe(list.uuid, { email: "avstod@example.org" });
    await db().member.update({ where: { id: member_id }, data: { globalOptOutAt: new Date() } });
    await db().subscription.updateMany({
      where: { memberId: member_id },
      data: { status: "UNSUBSCRIBED", unsubscribedAt: new Date() },
    });
    await db().subscriptionList.update({ where: { id: list.id }, data: { activeCount: 0 } });

    const emails = ["ny.1@example.org", "avstod@example.org", "ny.2@example.org", "ny.3@example.org"];
    const results = await Promise.all(emails.map((email) => subscribe(list.uuid, { email, firstname: "Ändrad" })));
    expect(results.map((r) => r.subscription.status)).toEqual(["SUBSCRIBED", "PENDING", "SUBSCRIBED", "SUBSCRIBED"]);
    expect(results[1].member_id).toBe(member_id);
    // The member who opted out is not changed by the form: that waits for its own confirmation.
    expect(await db().member.findUniqueOrThrow({ where: { id: member_id } })).toMatchObject({ firstname: null });
    expect(await activeCount(list.id)).toBe(3);
    expect(await db().member.count({ where: { organizationId: companyId } })).toBe(4);
  });
});
