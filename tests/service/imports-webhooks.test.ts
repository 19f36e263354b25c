// An import's webhook events: while no endpoint is enabled an import writes no outbox rows (100,000 of
// them were written and then fanned out to nobody), and with one enabled every member created or filled in and every
// subscription activated has its event, as the member API and the subscribe paths record them; its undo emits what it
// takes back (an integrator would otherwise keep members that no longer exist). A database of its
// own: whether any endpoint is enabled is a question about the whole database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createImport, getImport, undoImport } from "@/modules/imports/services/imports";
import { runImportRound } from "@/modules/imports/services/run";
import { createMember } from "@/modules/members/services/changes";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { createWebhookEndpoint } from "@/modules/webhooks/services/webhooks";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { CreateWebhookEndpointRequest, WEBHOOK_EVENT_TYPES } from "@/modules/webhooks/schemas/webhooks";
import { makeCompany } from "../helpers";
import { useDatabaseOfOwn } from "../process-fixtures";

let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
const op = operatorCaller();

beforeAll(async () => {
  database = await useDatabaseOfOwn();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

/** Uploads `csv` and runs it to its end in this test's own rounds (queued directly, as the resume test does). */
async function runImport(
  target: { company_id?: string; list_id?: number },
  csv: string,
  mapping: Record<string, string>,
) {
  const kind = target.list_id ? "SUBSCRIBER" : "MEMBER";
  const uploaded = await createImport(
    op,
    { kind, file_name: "fil.csv", ...target } as never,
    "text/csv",
    new Blob([csv]).stream(),
  );
  await db().importRun.update({
    where: { id: uploaded.id },
    data: {
      status: "QUEUED",
      mapping: JSON.stringify(mapping),
      consentSource: target.list_id ? "Pappersblankett" : null,
    },
  });
  while (await runImportRound("webhook-test", () => false));
  return getImport(op, uploaded.id);
}

const events = async () =>
  (
    await db().webhookEvent.findMany({ orderBy: { id: "asc" }, select: { type: true, companyId: true, payload: true } })
  ).map((e) => ({ ...e, payload: JSON.parse(e.payload) }));

describe("an import's webhook events", () => {
  it("writes none while no endpoint is enabled, and each member's and subscription's once one is", async () => {
    const company = await makeCompany("Krokföreningen");
    expect(
      await runImport({ company_id: company.id }, "email;firstname\nforst@example.org;Först\n", {
        email: "email",
        firstname: "firstname",
      }),
    ).toMatchObject({ status: "DONE", added: 1 });
    expect(await events()).toEqual([]);

    await createWebhookEndpoint(
      op,
      CreateWebhookEndpointRequest.parse({
        company_id: company.id,
        url: "https://hooks.example.org/import",
        events: WEBHOOK_EVENT_TYPES,
      }),
    );
    const known = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "kand@example.org" }),
    );
    await db().webhookEvent.deleteMany();
    const run = await runImport(
      { company_id: company.id },
      "email;firstname\nny@example.org;Ny\nkand@example.org;Känd\nandra@example.org;Andra\n",
      { email: "email", firstname: "firstname" },
    );
    expect(run).toMatchObject({ status: "DONE", added: 2, updated: 1 });
    const created = await db().member.findMany({
      where: { organizationId: company.id, email: { in: ["ny@example.org", "andra@example.org"] } },
      select: { id: true },
    });
    const got = await events();
    expect(
      got
        .filter((e) => e.type === "member.created")
        .map((e) => e.payload.member_id)
        .sort(),
    ).toEqual(created.map((m) => m.id).sort());
    expect(got.filter((e) => e.type === "member.updated")).toEqual([
      { type: "member.updated", companyId: company.id, payload: { member_id: known.id } },
    ]);
    expect(got.every((e) => e.companyId === company.id)).toBe(true);

    // Subscribers: one new, one already a member, one whose subscription staff ended (activated again, not new).
    const list = await createList(op, { name: "Krokar", company_id: company.id });
    await setMemberSubscription(op, list.id, known.id, true);
    await setMemberSubscription(op, list.id, known.id, false);
    await db().webhookEvent.deleteMany();
    const subscribers = await runImport(
      { list_id: list.id },
      "email\nny@example.org\nprenumerant@example.org\nkand@example.org\n",
      { email: "email" },
    );
    expect(subscribers).toMatchObject({ status: "DONE", added: 3 });
    const ids = Object.fromEntries(
      (await db().member.findMany({ where: { organizationId: company.id }, select: { id: true, email: true } })).map(
        (m) => [m.email, m.id],
      ),
    );
    const subscriptionEvents = (await events()).filter((e) => e.type === "subscription.created");
    expect(subscriptionEvents.map((e) => e.payload).sort((a, b) => a.member_id - b.member_id)).toEqual(
      [ids["ny@example.org"], ids["prenumerant@example.org"], known.id]
        .sort((a, b) => a - b)
        .map((id) => ({
          list_id: list.id,
          member_id: id,
          status: "SUBSCRIBED",
          source: "ADMIN",
          confirmed_via: "ADMIN",
        })),
    );
    expect((await events()).filter((e) => e.type === "member.created").map((e) => e.payload.member_id)).toEqual([
      ids["prenumerant@example.org"],
    ]);
    const rows = await db().importRow.findMany({
      where: { runId: subscribers.id },
      orderBy: { rowNumber: "asc" },
      select: { subscribed: true, subscriptionNew: true },
    });
    expect(rows).toEqual([
      { subscribed: true, subscriptionNew: true },
      { subscribed: true, subscriptionNew: true },
      { subscribed: true, subscriptionNew: false },
    ]);
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: list.id } })).activeCount).toBe(3);
    const active = await db().subscription.findMany({ where: { listId: list.id, status: "SUBSCRIBED" } });
    expect(
      active.every(
        (s) =>
          s.source === "ADMIN" && s.confirmedVia === "ADMIN" && s.confirmedAt !== null && s.unsubscribedAt === null,
      ),
    ).toBe(true);
  });

  it("undo emits every change it makes: members deleted as erased, fields emptied as updated, subscriptions ended", async () => {
    const company = await makeCompany("Ångerföreningen");
    await createWebhookEndpoint(
      op,
      CreateWebhookEndpointRequest.parse({
        company_id: company.id,
        url: "https://hooks.example.org/undo",
        events: WEBHOOK_EVENT_TYPES,
      }),
    );
    const known = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "kvar@example.org" }),
    );
    // With a current period, a member with nothing to fill in is updated by the membership alone.
    await db().period.create({
      data: {
        companyId: company.id,
        name: "Nu",
        startsOn: new Date(Date.now() - 86_400_000 * 5),
        endsOn: new Date(Date.now() + 86_400_000 * 5),
      },
    });
    const member = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: "medlem@example.org", firstname: "Medlem" }),
    );
    const members = await runImport(
      { company_id: company.id },
      "email;firstname\nny@example.org;Ny\nkvar@example.org;Kvar\nmedlem@example.org;Medlem\n",
      { email: "email", firstname: "firstname" },
    );
    expect(members).toMatchObject({ status: "DONE", added: 1, updated: 2 });
    const list = await createList(op, { name: "Ånger", company_id: company.id });
    const subscribers = await runImport({ list_id: list.id }, "email\nny@example.org\nprenumerant@example.org\n", {
      email: "email",
    });
    expect(subscribers).toMatchObject({ status: "DONE", added: 2 });
    const ids = Object.fromEntries(
      (await db().member.findMany({ where: { organizationId: company.id }, select: { id: true, email: true } })).map(
        (m) => [m.email, m.id],
      ),
    );

    await db().webhookEvent.deleteMany();
    expect(await undoImport(op, subscribers.id)).toMatchObject({ removed: 2, kept: 0 });
    const afterSubscribers = await events();
    expect(
      afterSubscribers
        .filter((e) => e.type === "subscription.unsubscribed")
        .map((e) => e.payload)
        .sort((a, b) => a.member_id - b.member_id),
    ).toEqual(
      [ids["ny@example.org"], ids["prenumerant@example.org"]]
        .sort((a, b) => a - b)
        .map((id) => ({ list_id: list.id, member_id: id, via: "ADMIN" })),
    );
    expect(afterSubscribers.filter((e) => e.type !== "subscription.unsubscribed")).toEqual([
      { type: "member.erased", companyId: company.id, payload: { member_id: ids["prenumerant@example.org"] } },
    ]);

    await db().webhookEvent.deleteMany();
    expect(await undoImport(op, members.id)).toMatchObject({ removed: 3, kept: 0 });
    expect(await events()).toEqual([
      { type: "member.erased", companyId: company.id, payload: { member_id: ids["ny@example.org"] } },
      { type: "member.updated", companyId: company.id, payload: { member_id: known.id } },
      { type: "member.updated", companyId: company.id, payload: { member_id: member.id } },
    ]);
    expect(await db().membership.count({ where: { companyId: company.id } })).toBe(0);
  });
});
