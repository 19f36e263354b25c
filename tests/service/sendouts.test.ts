// Sendouts on the services directly (modules/sendouts/services): who receives one (fixed when sending starts), the
// states it moves through, and who may read and change it. Delivery itself: sendout-delivery.test.ts, whose worker
// rounds (in another test process, on the same database) may send these sendouts' messages too: so nothing here
// depends on a recipient's delivery state.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { createMember, eraseMember } from "@/modules/members/services/changes";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { countSendoutRecipients } from "@/modules/sendouts/services/recipients";
import {
  cancelSendout,
  pauseSendout,
  resumeSendout,
  sendSendout,
  startDueSendouts,
} from "@/modules/sendouts/services/states";
import { createSendout, getSendout, listSendouts, updateSendout } from "@/modules/sendouts/services/sendouts";
import { MODULES, PERMISSIONS } from "@/modules/access/schemas/access";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();

async function organization() {
  const company = await makeCompany("Utskicksföreningen");
  const list = async (name: string) => (await createList(op, { name, company_id: company.id })).id;
  return { company, news: await list("Nyheter"), events: await list("Evenemang") };
}

async function member(companyId: string, lists: number[], email: string | null = uniqueEmail("utskick")) {
  const created = email
    ? await createMember(op, CreateMemberRequest.parse({ company_id: companyId, email }))
    : await db().member.create({ data: { uuid: crypto.randomUUID(), organizationId: companyId, firstname: "Utan" } });
  for (const listId of lists) await setMemberSubscription(op, listId, created.id, true);
  return created.id;
}

const draft = (companyId: string, listIds: number[], caller: Caller = op) =>
  createSendout(
    caller,
    CreateSendoutRequest.parse({
      company_id: companyId,
      list_ids: listIds,
      subject: "Hej {{firstname|vän}}",
      html: "<p>Nyheter</p>",
    }),
  );

const recipientsOf = async (sendoutId: number) =>
  db().sendoutRecipient.findMany({
    where: { sendoutId },
    orderBy: { memberId: "asc" },
    select: { memberId: true, listId: true },
  });

describe("the recipients of a sendout", () => {
  it("are everyone subscribed to a chosen list, once, with the lowest chosen list; left out: opted out, suppressed, erased, without address, not (yet or any longer) subscribed", async () => {
    const { company, news, events } = await organization();
    const both = await member(company.id, [news, events]);
    const eventsOnly = await member(company.id, [events]);
    const optedOut = await member(company.id, [news]);
    await db().member.update({ where: { id: optedOut }, data: { globalOptOutAt: new Date() } });
    const suppressedEmail = uniqueEmail("studsar");
    await member(company.id, [news], suppressedEmail);
    await db().suppression.create({
      data: { organizationId: company.id, email: suppressedEmail, reason: "HARD_BOUNCE", suppressedAt: new Date() },
    });
    const liftedEmail = uniqueEmail("lyft");
    const lifted = await member(company.id, [events], liftedEmail);
    await db().suppression.create({
      data: {
        organizationId: company.id,
        email: liftedEmail,
        reason: "HARD_BOUNCE",
        suppressedAt: new Date(),
        liftedAt: new Date(),
      },
    });
    const erased = await member(company.id, [news]);
    await eraseMember(op, erased);
    await member(company.id, [news], null);
    const pending = await member(company.id, []);
    await db().subscription.create({
      data: { listId: news, memberId: pending, status: "PENDING", source: "PUBLIC_FORM" },
    });
    const left = await member(company.id, [news]);
    await setMemberSubscription(op, news, left, false);
    await member(company.id, []); // on no list at all

    expect(await countSendoutRecipients(op, company.id, [events, news])).toEqual({
      recipients: 3,
      opted_out: 1,
      suppressed: 1,
    });
    const sendout = await draft(company.id, [events, news]);
    expect((await sendSendout(op, sendout.id, {})).status).toBe("SENDING");
    const lowest = Math.min(news, events);
    expect(await recipientsOf(sendout.id)).toEqual([
      { memberId: both, listId: lowest },
      { memberId: eventsOnly, listId: events },
      { memberId: lifted, listId: events },
    ]);
    expect((await getSendout(op, sendout.id)).counts.recipients).toBe(3);
  });

  it("are fixed when sending starts: who subscribes later is not added", async () => {
    const { company, news } = await organization();
    const early = await member(company.id, [news]);
    const sendout = await draft(company.id, [news]);
    await sendSendout(op, sendout.id, {});
    await member(company.id, [news]);
    expect((await recipientsOf(sendout.id)).map((r) => r.memberId)).toEqual([early]);
  });

  it("of a scheduled sendout are fixed when it is due, by one of the workers that look", async () => {
    const { company, news } = await organization();
    const sendout = await draft(company.id, [news]);
    const scheduled = await sendSendout(op, sendout.id, { send_at: new Date(Date.now() + 60_000) });
    expect(scheduled).toMatchObject({ status: "SCHEDULED", started_at: null });
    const late = await member(company.id, [news]);
    expect(await startDueSendouts()).toBe(0);
    const due = new Date(Date.now() + 61_000);
    expect((await Promise.all([startDueSendouts(due), startDueSendouts(due)])).filter((n) => n > 0)).toHaveLength(1);
    expect((await recipientsOf(sendout.id)).map((r) => r.memberId)).toEqual([late]);
    expect((await getSendout(op, sendout.id)).status).toBe("SENDING");
  });

  it("must come from lists of the sendout's company", async () => {
    const { company, news } = await organization();
    const other = await organization();
    await expect(draft(company.id, [news, other.news])).rejects.toMatchObject({
      status: 400,
      message: `list_ids: list ${other.news} is not a list of this company`,
    });
    await expect(countSendoutRecipients(op, company.id, [other.news])).rejects.toMatchObject({ status: 400 });
    const sendout = await draft(company.id, [news]);
    await expect(updateSendout(op, sendout.id, { list_ids: [other.events] })).rejects.toMatchObject({ status: 400 });
  });
});

describe("a sendout's unsubscribed figure", () => {
  it("counts the recipients who left the message's list or opted out of everything after it started, each once, in every sendout they received", async () => {
    const { company, news, events } = await organization();
    const leaves = await member(company.id, [news]);
    const optsOut = await member(company.id, [news]);
    const both = await member(company.id, [news]);
    const leavesOtherList = await member(company.id, [news, events]);
    await member(company.id, [news]); // stays
    const leavesLater = await member(company.id, [news]);
    const first = await draft(company.id, [news]);
    await sendSendout(op, first.id, {});
    await setMemberSubscription(op, news, leaves, false);
    await db().member.update({ where: { id: optsOut }, data: { globalOptOutAt: new Date() } });
    await setMemberSubscription(op, news, both, false);
    await db().member.update({ where: { id: both }, data: { globalOptOutAt: new Date() } });
    await setMemberSubscription(op, events, leavesOtherList, false);
    expect((await getSendout(op, first.id)).counts).toMatchObject({ recipients: 6, unsubscribed: 3 });

    // Started later: what happened before its start is not its doing (and those people are not its recipients).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await draft(company.id, [news]);
    await sendSendout(op, second.id, {});
    await setMemberSubscription(op, news, leavesLater, false);
    const listed = new Map((await listSendouts(op, company.id)).map((s) => [s.id, s.counts]));
    expect(listed.get(first.id)).toMatchObject({ recipients: 6, unsubscribed: 4 });
    expect(listed.get(second.id)).toMatchObject({ recipients: 3, unsubscribed: 1 });
  });
});

describe("a sendout's states", () => {
  it("changes only as a draft (409 after), and its HTML is sanitized on every write", async () => {
    const { company, news, events } = await organization();
    const sendout = await createSendout(
      op,
      CreateSendoutRequest.parse({
        company_id: company.id,
        list_ids: [news],
        subject: "Ämne",
        html: '<table style="width:100%"><tr><td onclick="x()">Hej<script>alert(1)</script></td></tr></table>',
      }),
    );
    expect(sendout.html).toBe('<table style="width:100%"><tr><td>Hej</td></tr></table>');
    const changed = await updateSendout(op, sendout.id, {
      subject: "Nytt",
      list_ids: [events, news],
      html: '<p><img src="https://example.org/a.png" onerror="x()"></p>',
    });
    expect(changed).toMatchObject({
      subject: "Nytt",
      list_ids: [news, events].sort((a, b) => a - b),
      html: '<p><img src="https://example.org/a.png" /></p>',
    });
    await expect(updateSendout(op, sendout.id, { html: "<script>x</script>" })).rejects.toMatchObject({ status: 400 });
    await sendSendout(op, sendout.id, {});
    await expect(updateSendout(op, sendout.id, { subject: "För sent" })).rejects.toMatchObject({
      status: 409,
      message: "sendout is SENDING",
    });
    await expect(sendSendout(op, sendout.id, {})).rejects.toMatchObject({ status: 409 });
  });

  it("pauses and resumes only from SENDING and PAUSED; a cancel ends it for good", async () => {
    const { company, news } = await organization();
    await member(company.id, [news]);
    const sendout = await draft(company.id, [news]);
    await expect(pauseSendout(op, sendout.id)).rejects.toMatchObject({ status: 409, message: "sendout is DRAFT" });
    await sendSendout(op, sendout.id, {});
    expect((await pauseSendout(op, sendout.id)).status).toBe("PAUSED");
    await expect(pauseSendout(op, sendout.id)).rejects.toMatchObject({ status: 409, message: "sendout is PAUSED" });
    expect((await resumeSendout(op, sendout.id)).status).toBe("SENDING");
    await expect(resumeSendout(op, sendout.id)).rejects.toMatchObject({ status: 409 });
    const cancelled = await cancelSendout(op, sendout.id);
    expect(cancelled).toMatchObject({ status: "CANCELLED", counts: { recipients: 1 } });
    expect(cancelled.finished_at).not.toBeNull();
    await expect(cancelSendout(op, sendout.id)).rejects.toMatchObject({ status: 409, message: "sendout is CANCELLED" });
    await expect(resumeSendout(op, sendout.id)).rejects.toMatchObject({ status: 409 });
  });

  it("records every write in the audit log", async () => {
    const { company, news } = await organization();
    const sendout = await draft(company.id, [news]);
    await updateSendout(op, sendout.id, { subject: "Ändrat" });
    await sendSendout(op, sendout.id, { send_at: new Date(Date.now() + 3600_000) });
    await cancelSendout(op, sendout.id);
    const actions = await db().auditEntry.findMany({
      where: { objectType: "sendout", objectId: String(sendout.id) },
      orderBy: { id: "asc" },
    });
    expect(actions.map((a) => a.action)).toEqual([
      "sendout.create",
      "sendout.update",
      "sendout.schedule",
      "sendout.cancel",
    ]);
  });
});

describe("who may read and change sendouts", () => {
  const key = async (options: Parameters<typeof makeApiKey>[0]) =>
    (await callerForApiKey((await makeApiKey(options)).id))!;

  it("another company's sendout is 404 like a missing one; another company named by id is 403", async () => {
    const mine = await organization();
    const theirs = await organization();
    const caller = await key({ companyId: mine.company.id, companyIds: [mine.company.id] });
    const foreign = await draft(theirs.company.id, [theirs.news]);
    await expect(getSendout(caller, foreign.id)).rejects.toMatchObject({ status: 404, message: "sendout not found" });
    await expect(cancelSendout(caller, foreign.id)).rejects.toMatchObject({
      status: 404,
      message: "sendout not found",
    });
    await expect(getSendout(caller, 2_000_000_000)).rejects.toMatchObject({
      status: 404,
      message: "sendout not found",
    });
    await expect(listSendouts(caller, theirs.company.id)).rejects.toMatchObject({ status: 403 });
    await expect(draft(theirs.company.id, [theirs.news], caller)).rejects.toMatchObject({ status: 403 });
    await expect(countSendoutRecipients(caller, theirs.company.id, [theirs.news])).rejects.toMatchObject({
      status: 403,
    });
    const own = await draft(mine.company.id, [mine.news], caller);
    expect((await listSendouts(caller, mine.company.id)).map((s) => s.id)).toEqual([own.id]);
  });

  it("a key without the sendout module gets 403 for everything; without SENDOUT.U it reads but writes nothing", async () => {
    const { company, news } = await organization();
    const sendout = await draft(company.id, [news]);
    const noModule = await key({ companyId: company.id, modules: MODULES.filter((m) => m !== "sendout") });
    await expect(getSendout(noModule, sendout.id)).rejects.toMatchObject({
      status: 403,
      message: "access group lacks the sendout module",
    });
    await expect(listSendouts(noModule, company.id)).rejects.toMatchObject({ status: 403 });
    const readOnly = await key({ companyId: company.id, permissions: PERMISSIONS.filter((p) => p !== "SENDOUT.U") });
    expect((await getSendout(readOnly, sendout.id)).id).toBe(sendout.id);
    const refused = { status: 403, message: "access group lacks the SENDOUT.U permission" };
    await expect(draft(company.id, [news], readOnly)).rejects.toMatchObject(refused);
    await expect(updateSendout(readOnly, sendout.id, { subject: "x" })).rejects.toMatchObject(refused);
    await expect(sendSendout(readOnly, sendout.id, {})).rejects.toMatchObject(refused);
    await expect(cancelSendout(readOnly, sendout.id)).rejects.toMatchObject(refused);
    await expect(countSendoutRecipients(readOnly, company.id, [news])).rejects.toMatchObject(refused);
    expect((await getSendout(op, sendout.id)).status).toBe("DRAFT");
  });
});
