// The mail provider's webhooks over HTTP against the built server (the test stack sets MAIL_EVENTS_SECRET): who may
// post, what a malformed body gets (400, never a 5xx), and that Postmark's payloads and the generic shape reach the
// suppression rules (their details: tests/service/suppressions.test.ts).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { basicHeader, call, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const POSTMARK = "/v3/mail/events/postmark";
const GENERIC = "/v3/mail/events";
const provider = () => ({ authorization: basicHeader("postmark", process.env.MAIL_EVENTS_SECRET!) });

async function memberWithEmail(label: string) {
  const company = await makeCompany(label);
  const email = uniqueEmail("studs");
  const member = await db().member.create({ data: { uuid: crypto.randomUUID(), organizationId: company.id, email } });
  return { company, email, member };
}

const suppression = (organizationId: string, email: string) =>
  db().suppression.findUnique({ where: { organizationId_email: { organizationId, email } } });

/** An hour ago: a provider's time must lie within the last 30 days to be taken as the event's. */
const bouncedAt = new Date(Date.now() - 3_600_000);

const hardBounce = (email: string) => ({
  RecordType: "Bounce",
  Type: "HardBounce",
  TypeCode: 1,
  MessageID: "883953f4-6105-42a2-a16a-77a8eac79483",
  Description: "The server was unable to deliver your message (ex: unknown user, invalid syntax).",
  Email: email,
  BouncedAt: bouncedAt.toISOString().replace("Z", "0259Z"),
  Inactive: true,
});

describe("who may post mail events", () => {
  it("without credentials, with a wrong password or a malformed Basic value: 401, and nothing is recorded", async () => {
    const { company, email } = await memberWithEmail("Oautentiserad");
    const cases: [Record<string, string>, string][] = [
      [{}, "Missing or invalid Authorization header"],
      [{ authorization: `Bearer ${process.env.MAIL_EVENTS_SECRET}` }, "Missing or invalid Authorization header"],
      [{ authorization: "Basic %%%" }, 'invalid "Basic" credentials'],
      [{ authorization: basicHeader("postmark", "not-the-secret") }, "invalid credentials"],
      [{ authorization: basicHeader("postmark", `${process.env.MAIL_EVENTS_SECRET}x`) }, "invalid credentials"],
    ];
    for (const [headers, reason] of cases) {
      for (const [path, body] of [
        [POSTMARK, hardBounce(email)],
        [GENERIC, { type: "hard_bounce", email }],
      ] as const) {
        const res = await call(path, { method: "POST", headers, body });
        expect([res.status, res.json], `${path} ${JSON.stringify(headers)}`).toEqual([401, { reason }]);
      }
    }
    expect(await suppression(company.id, email)).toBeNull();
  });
});

describe("malformed bodies", () => {
  it("are 400 (415 for another media type), never a 5xx", async () => {
    const headers = provider();
    const bodies: unknown[] = [
      [],
      "text",
      null,
      {},
      { RecordType: "Inbound" },
      { RecordType: "Bounce", Type: "HardBounce" },
      { ...hardBounce("not an address") },
      { ...hardBounce("a@example.org"), TypeCode: "1" },
      { ...hardBounce("a@example.org"), Description: 7 },
      { RecordType: "Delivery", Recipient: 5 },
      { RecordType: { $ne: 1 } },
    ];
    for (const body of bodies) {
      const res = await call(POSTMARK, { method: "POST", headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_error");
    }
    for (const body of [
      { type: "bounce", email: "a@example.org" },
      { type: "hard_bounce" },
      { type: "complaint", email: "a@example.org", occurred_at: "igår" },
    ]) {
      expect((await call(GENERIC, { method: "POST", headers, body })).status, JSON.stringify(body)).toBe(400);
    }
    const broken = await call(GENERIC, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      rawBody: "{not json",
    });
    expect(broken.status).toBe(400);
    const form = await call(GENERIC, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      rawBody: "type=complaint",
    });
    expect(form.status).toBe(415);
  });
});

describe("events that change something", () => {
  it("Postmark's hard bounce suppresses the address in its member's organization", async () => {
    const { company, email } = await memberWithEmail("Postmarkföreningen");
    const res = await call(POSTMARK, { method: "POST", headers: provider(), body: hardBounce(email.toUpperCase()) });
    expect([res.status, res.json]).toEqual([200, { ok: true, handled: true }]);
    expect(await suppression(company.id, email)).toMatchObject({
      reason: "HARD_BOUNCE",
      detail: "HardBounce: The server was unable to deliver your message (ex: unknown user, invalid syntax).",
      suppressedAt: bouncedAt,
    });
  });

  it("Postmark's spam complaint marks the recipient row its quoted Message-ID names", async () => {
    const { company, email, member } = await memberWithEmail("Klagomål");
    const sendout = await db().sendout.create({
      data: { companyId: company.id, subject: "S", html: "<p>x</p>", createdBy: "cli" },
    });
    const row = await db().sendoutRecipient.create({
      data: { sendoutId: sendout.id, memberId: member.id, listId: 0, email, status: "SENT", sentAt: new Date() },
    });
    const body = {
      RecordType: "SpamComplaint",
      Type: "SpamComplaint",
      TypeCode: 100001,
      Email: email,
      Content: `Received: by mx\r\nMessage-ID: <sendout-${sendout.id}-${row.id}@forbundet.example>\r\n\r\n...`,
    };
    expect((await call(POSTMARK, { method: "POST", headers: provider(), body })).json).toEqual({
      ok: true,
      handled: true,
    });
    expect((await db().sendoutRecipient.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("COMPLAINED");
    expect(await suppression(company.id, email)).toMatchObject({ reason: "COMPLAINT" });
  });

  it("the generic shape: three soft bounces in a row suppress, a delivery between them starts over", async () => {
    const { company, email } = await memberWithEmail("Generisk");
    const post = (type: string) =>
      call(GENERIC, { method: "POST", headers: provider(), body: { type, email, description: `${type} via relay` } });
    for (const type of ["soft_bounce", "soft_bounce", "delivered", "soft_bounce", "soft_bounce"])
      expect((await post(type)).status).toBe(200);
    expect(await suppression(company.id, email)).toMatchObject({ softBounces: 2, suppressedAt: null });
    await post("soft_bounce");
    expect(await suppression(company.id, email)).toMatchObject({ reason: "SOFT_BOUNCES", softBounces: 3 });
  });

  it("acknowledges what changes nothing here, so the provider does not retry it", async () => {
    const { company, email } = await memberWithEmail("Autosvar");
    for (const body of [
      { ...hardBounce(email), Type: "AutoResponder", TypeCode: 64 },
      { RecordType: "Open", Recipient: email },
    ]) {
      const res = await call(POSTMARK, { method: "POST", headers: provider(), body });
      expect([res.status, res.json]).toEqual([200, { ok: true, handled: false }]);
    }
    expect(await suppression(company.id, email)).toBeNull();
  });
});
