// Bulk actions on a list's subscribers (modules/lists/services/subscriber-bulk.ts): unsubscribing picked members or every
// match of the table's filters, through the one-subscriber rules (slots, webhook events, who ended it), audited
// once with the count; the CSV of the picked ones; and nothing of another organization's list or members.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Forbidden, NotFound } from "@/lib/errors";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { createMember } from "@/modules/members/services/changes";
import { bulkUnsubscribe, selectedSubscribersCsv } from "@/modules/lists/services/subscriber-bulk";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { createWebhookEndpoint } from "@/modules/webhooks/services/webhooks";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { CreateWebhookEndpointRequest } from "@/modules/webhooks/schemas/webhooks";
import { makeCompany } from "../helpers";

const staff = (companyId: string, permissions = ["SUBSCRIPTION_LIST.U"]): Caller => ({
  ...operatorCaller(),
  kind: "admin_user",
  actor: "admin:bulk@example.org",
  permissions: new Set(permissions),
  scope: { kind: "companies", companyIds: [companyId], includeDescendants: true },
});

async function listWith(name: string, emails: string[]) {
  const company = await makeCompany(name);
  const list = await createList(operatorCaller(), { name: `${name} nytt`, company_id: company.id });
  const members: { id: number; email: string }[] = [];
  for (const email of emails) {
    const member = await createMember(operatorCaller(), CreateMemberRequest.parse({ company_id: company.id, email }));
    await setMemberSubscription(operatorCaller(), list.id, member.id, true);
    members.push({ id: member.id, email });
  }
  return { company, list, members };
}

const statusOf = async (listId: number, memberId: number) =>
  db().subscription.findUniqueOrThrow({
    where: { listId_memberId: { listId, memberId } },
    select: { status: true, unsubscribedVia: true },
  });
const activeCount = async (listId: number) =>
  (await db().subscriptionList.findUniqueOrThrow({ where: { id: listId } })).activeCount;

describe("bulk actions on subscribers", () => {
  it("unsubscribes the picked members as staff would one by one, and audits once with the count", async () => {
    const { company, list, members } = await listWith("Bulkklubben", [
      "ada@bulk.example",
      "bo@bulk.example",
      "cy@bulk.example",
    ]);
    const [ada, bo, cy] = members;
    // Events are written while some endpoint is enabled (webhook-events.ts).
    await createWebhookEndpoint(
      operatorCaller(),
      CreateWebhookEndpointRequest.parse({
        company_id: company.id,
        url: "https://hooks.example.org/bulk",
        events: ["subscription.unsubscribed"],
      }),
    );
    const eventsBefore = await db().webhookEvent.count({
      where: { type: "subscription.unsubscribed", companyId: company.id },
    });
    expect(await bulkUnsubscribe(staff(company.id), list.id, { member_ids: [ada.id, bo.id, bo.id] })).toEqual({
      unsubscribed: 2,
    });
    expect(await statusOf(list.id, ada.id)).toEqual({ status: "UNSUBSCRIBED", unsubscribedVia: "ADMIN" });
    expect(await statusOf(list.id, bo.id)).toEqual({ status: "UNSUBSCRIBED", unsubscribedVia: "ADMIN" });
    expect(await statusOf(list.id, cy.id)).toMatchObject({ status: "SUBSCRIBED" });
    expect(await activeCount(list.id)).toBe(1);
    expect(await db().webhookEvent.count({ where: { type: "subscription.unsubscribed", companyId: company.id } })).toBe(
      eventsBefore + 2,
    );
    const audit = await db().auditEntry.findMany({
      where: { action: "subscription.bulk_unsubscribe", objectId: String(list.id) },
    });
    expect(audit).toMatchObject([
      {
        actor: "admin:bulk@example.org",
        objectType: "subscription_list",
        companyId: company.id,
        summary: `2 subscribers on ${list.name}`,
      },
    ]);

    // Picking those already gone changes nothing and records nothing.
    expect(await bulkUnsubscribe(staff(company.id), list.id, { member_ids: [ada.id] })).toEqual({ unsubscribed: 0 });
    expect(
      await db().auditEntry.count({ where: { action: "subscription.bulk_unsubscribe", objectId: String(list.id) } }),
    ).toBe(1);
  });

  it("unsubscribes every match of the table's search and status", async () => {
    const { company, list, members } = await listWith("Matchklubben", [
      "anna@match.example",
      "anders@match.example",
      "berit@match.example",
    ]);
    expect(
      await bulkUnsubscribe(staff(company.id), list.id, { matching: { q: "an", status: "UNSUBSCRIBED" } }),
    ).toEqual({ unsubscribed: 0 });
    expect(await bulkUnsubscribe(staff(company.id), list.id, { matching: { q: "an" } })).toEqual({ unsubscribed: 2 });
    expect(await statusOf(list.id, members[2].id)).toMatchObject({ status: "SUBSCRIBED" });
    expect(await bulkUnsubscribe(staff(company.id), list.id, { matching: { status: "SUBSCRIBED" } })).toEqual({
      unsubscribed: 1,
    });
    expect(await activeCount(list.id)).toBe(0);
  });

  it("exports only the picked members, in the list's CSV", async () => {
    const { company, list, members } = await listWith("Exportklubben", [
      "eva@export.example",
      "eric@export.example",
      "elin@export.example",
    ]);
    const { lines } = await selectedSubscribersCsv(staff(company.id), list.id, [members[0].id, members[2].id], "sv");
    let csv = "";
    for await (const line of lines) csv += line;
    expect(csv.startsWith("\uFEFFE-post;")).toBe(true);
    expect(csv).toContain("eva@export.example");
    expect(csv).toContain("elin@export.example");
    expect(csv).not.toContain("eric@export.example");
  });

  it("refuses another organization's list and members, and staff without the write permission", async () => {
    const mine = await listWith("Egna klubben", ["me@own.example"]);
    const theirs = await listWith("Andra klubben", ["them@other.example"]);
    const me = staff(mine.company.id);
    await expect(bulkUnsubscribe(me, theirs.list.id, { member_ids: [theirs.members[0].id] })).rejects.toThrow(NotFound);
    await expect(bulkUnsubscribe(me, theirs.list.id, { matching: {} })).rejects.toThrow(NotFound);
    await expect(selectedSubscribersCsv(me, theirs.list.id, [theirs.members[0].id], "sv")).rejects.toThrow(NotFound);
    // Their member's id on my list: refused as missing, and nobody on my list is touched.
    await expect(
      bulkUnsubscribe(me, mine.list.id, { member_ids: [mine.members[0].id, theirs.members[0].id] }),
    ).rejects.toThrow(NotFound);
    await expect(selectedSubscribersCsv(me, mine.list.id, [theirs.members[0].id], "sv")).rejects.toThrow(NotFound);
    expect(await statusOf(mine.list.id, mine.members[0].id)).toMatchObject({ status: "SUBSCRIBED" });
    expect(await statusOf(theirs.list.id, theirs.members[0].id)).toMatchObject({ status: "SUBSCRIBED" });
    await expect(bulkUnsubscribe(staff(mine.company.id, []), mine.list.id, { matching: {} })).rejects.toThrow(
      Forbidden,
    );
    expect(await activeCount(mine.list.id)).toBe(1);
  });
});
