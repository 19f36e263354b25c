// The rules of bounces and complaints (modules/sendouts/services/suppressions.ts) on a real database: what suppresses an address,
// in which organizations, which recipient row is marked, and what staff may see and lift.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { operatorCaller } from "@/modules/access/services/caller";
import {
  liftSuppression,
  listSuppressions,
  recordMailEvent,
  resetSoftBounces,
  suppressAddress,
} from "@/modules/sendouts/services/suppressions";
import type { MailEvent } from "@/modules/sendouts/schemas/mail-events";
import { makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const event = (kind: MailEvent["kind"], email: string, more: Partial<MailEvent> = {}): MailEvent => ({
  kind,
  email,
  messageId: null,
  occurredAt: null,
  description: `${kind} report`,
  ...more,
});

async function memberOf(organizationId: string, email: string) {
  return db().member.create({ data: { uuid: crypto.randomUUID(), organizationId, email } });
}

/** A sendout of the organization with one SENT recipient row for the member. */
async function sentTo(member: { id: number; organizationId: string; email: string | null }, sentAt = new Date()) {
  const sendout = await db().sendout.create({
    data: { companyId: member.organizationId, subject: "Nyheter", html: "<p>x</p>", createdBy: "cli" },
  });
  return db().sendoutRecipient.create({
    data: { sendoutId: sendout.id, memberId: member.id, listId: 0, email: member.email!, status: "SENT", sentAt },
  });
}

const suppression = (organizationId: string, email: string) =>
  db().suppression.findUnique({ where: { organizationId_email: { organizationId, email } } });
const rowStatus = async (id: number) => (await db().sendoutRecipient.findUniqueOrThrow({ where: { id } })).status;

describe("bounces and complaints", () => {
  it("a hard bounce suppresses the address in every organization with a member of it, and marks the latest sent row", async () => {
    const [a, b, stranger] = [
      await makeCompany("Bollklubben"),
      await makeCompany("Körföreningen"),
      await makeCompany("Annan"),
    ];
    const email = uniqueEmail("studs");
    const inA = await memberOf(a.id, email);
    await memberOf(b.id, email);
    const older = await sentTo(inA, new Date(Date.now() - 60_000));
    const latest = await sentTo(inA);

    await recordMailEvent(event("hard_bounce", email.toUpperCase(), { description: "HardBounce: unknown user" }));

    for (const org of [a, b]) {
      expect(await suppression(org.id, email)).toMatchObject({
        reason: "HARD_BOUNCE",
        detail: "HardBounce: unknown user",
        suppressedAt: expect.any(Date),
      });
    }
    expect(await suppression(stranger.id, email)).toBeNull();
    expect([await rowStatus(older.id), await rowStatus(latest.id)]).toEqual(["SENT", "BOUNCED"]);
  });

  it("a complaint names its row by Message-ID, and that row's organization is suppressed even if the member left", async () => {
    const org = await makeCompany("Scoutkåren");
    const email = uniqueEmail("klagar");
    const member = await memberOf(org.id, email);
    const named = await sentTo(member, new Date(Date.now() - 60_000));
    const latest = await sentTo(member);
    await db().member.update({ where: { id: member.id }, data: { email: uniqueEmail("ny") } });

    await recordMailEvent(
      event("complaint", email, { messageId: `<sendout-${named.sendoutId}-${named.id}@forbundet.example>` }),
    );

    expect(await suppression(org.id, email)).toMatchObject({ reason: "COMPLAINT" });
    expect([await rowStatus(named.id), await rowStatus(latest.id)]).toEqual(["COMPLAINED", "SENT"]);
  });

  it("three soft bounces in a row suppress; a delivery, or a successful send, starts the count again", async () => {
    const org = await makeCompany("Simklubben");
    const email = uniqueEmail("full");
    await memberOf(org.id, email);

    await recordMailEvent(event("soft_bounce", email));
    await recordMailEvent(event("soft_bounce", email));
    await recordMailEvent(event("delivered", email));
    expect(await suppression(org.id, email)).toMatchObject({ softBounces: 0, suppressedAt: null });

    await recordMailEvent(event("soft_bounce", email));
    await recordMailEvent(event("soft_bounce", email));
    await db().$transaction((tx) => resetSoftBounces(tx, org.id, email.toUpperCase()));
    expect(await suppression(org.id, email)).toMatchObject({ softBounces: 0, suppressedAt: null });

    for (let i = 0; i < 3; i++) await recordMailEvent(event("soft_bounce", email, { description: `SoftBounce ${i}` }));
    expect(await suppression(org.id, email)).toMatchObject({
      reason: "SOFT_BOUNCES",
      softBounces: 3,
      detail: "SoftBounce 2",
    });
  });

  it("the first reason stands, and an event for an address nobody has changes nothing", async () => {
    const org = await makeCompany("Tennisklubben");
    const email = uniqueEmail("forst");
    await memberOf(org.id, email);
    await recordMailEvent(event("complaint", email, { description: "first" }));
    await recordMailEvent(event("hard_bounce", email, { description: "second" }));
    expect(await suppression(org.id, email)).toMatchObject({ reason: "COMPLAINT", detail: "first" });

    const nobody = uniqueEmail("ingen");
    await recordMailEvent(event("hard_bounce", nobody));
    expect(await db().suppression.count({ where: { email: nobody } })).toBe(0);
  });
});

describe("staff and suppressions", () => {
  it("lists only the suppressed addresses of companies in scope, and refuses a company outside it", async () => {
    const [mine, theirs] = [await makeCompany("Egen"), await makeCompany("Främmande")];
    const [email, other] = [uniqueEmail("synlig"), uniqueEmail("dold")];
    await memberOf(mine.id, email);
    await memberOf(theirs.id, other);
    await recordMailEvent(event("hard_bounce", email));
    await recordMailEvent(event("hard_bounce", other));
    await recordMailEvent(event("soft_bounce", email)); // counted, but already suppressed: listed once
    const caller = (await callerForApiKey((await makeApiKey({ companyIds: [mine.id], permissions: [] })).id))!;

    const page = await listSuppressions(caller, {});
    expect(page.suppressions.map((s) => [s.email, s.company_id, s.reason])).toEqual([[email, mine.id, "HARD_BOUNCE"]]);
    expect(page).toMatchObject({ count: 1, page: 1 });
    await expect(listSuppressions(caller, { company_id: theirs.id })).rejects.toMatchObject({ status: 403 });
    const noModule = (await callerForApiKey((await makeApiKey({ companyIds: [mine.id], modules: ["member"] })).id))!;
    await expect(listSuppressions(noModule, {})).rejects.toMatchObject({ status: 403 });
  });

  it("lifting needs the permission and a note, answers 404 outside the scope, and is audited", async () => {
    const [mine, theirs] = [await makeCompany("Lyft"), await makeCompany("Annans")];
    const email = uniqueEmail("lyft");
    await memberOf(mine.id, email);
    await memberOf(theirs.id, email);
    await recordMailEvent(event("complaint", email));
    const id = (await suppression(mine.id, email))!.id;
    const reader = (await callerForApiKey((await makeApiKey({ companyIds: [mine.id], permissions: [] })).id))!;
    const writer = (await callerForApiKey((await makeApiKey({ companyIds: [mine.id] })).id))!;

    await expect(liftSuppression(reader, id, "bad")).rejects.toMatchObject({ status: 403 });
    await expect(liftSuppression(writer, id, "  ")).rejects.toMatchObject({ status: 400 });
    await expect(liftSuppression(writer, (await suppression(theirs.id, email))!.id, "no")).rejects.toMatchObject({
      status: 404,
    });
    expect(await liftSuppression(writer, id, "Personen ringde och bad om utskicken igen")).toEqual({ ok: true });
    await expect(liftSuppression(writer, id, "again")).rejects.toMatchObject({ status: 409 });

    expect(await suppression(mine.id, email)).toMatchObject({
      suppressedAt: null,
      reason: null,
      liftNote: "Personen ringde och bad om utskicken igen",
    });
    expect(await suppression(theirs.id, email)).toMatchObject({ reason: "COMPLAINT" });
    const audit = await db().auditEntry.findFirstOrThrow({
      where: { objectType: "suppression", objectId: String(id) },
    });
    expect(audit).toMatchObject({ action: "suppression.lift", companyId: mine.id, actor: writer.actor });
    expect(audit.summary).toBe(`${email} (COMPLAINT): Personen ringde och bad om utskicken igen`);
  });

  it("staff suppress an address by hand with a note, once, audited", async () => {
    const org = await makeCompany("Manuell");
    const email = uniqueEmail("manuell");
    const view = await suppressAddress(operatorCaller(), {
      company_id: org.id,
      email: ` ${email.toUpperCase()} `,
      note: "Bad oss sluta",
    });
    expect(view).toMatchObject({ email, company_id: org.id, reason: "MANUAL", detail: "Bad oss sluta" });
    await expect(suppressAddress(operatorCaller(), { company_id: org.id, email, note: "igen" })).rejects.toMatchObject({
      status: 409,
    });
    expect(await db().auditEntry.count({ where: { action: "suppression.create", objectId: String(view.id) } })).toBe(1);
    const outsider = (await callerForApiKey((await makeApiKey({ companyIds: [(await makeCompany("Ute")).id] })).id))!;
    await expect(suppressAddress(outsider, { company_id: org.id, email, note: "x" })).rejects.toMatchObject({
      status: 403,
    });
  });
});
