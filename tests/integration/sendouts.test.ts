// Sendouts over HTTP against the built server, delivering to a real SMTP server (tests/smtp-sink.ts). The suite's own
// server runs without the worker; this file starts an instance with the worker on and its mail going to the sink, as a
// deployment would run it, on a database of this file's own (its worker would take other files' sendouts).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type TestServer } from "../../scripts/lib/test-stack";
import { newAdminUser } from "../dashboard-session";
import { basicHeader, call, makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";
import { useDatabaseOfOwn } from "../process-fixtures";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../smtp-sink";

let sink: SmtpSink;
let server: TestServer;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;

beforeAll(async () => {
  database = await useDatabaseOfOwn();
  sink = await startSmtpSink();
  server = await startServer({
    databaseUrl: database.url,
    secrets: inject("secrets"),
    env: {
      SENDOUT_WORKER: "on",
      SMTP_URL: sink.url,
      SMTP_MAX_PER_SECOND: "0",
      SENDOUT_POLL_MS: "200",
      SENDOUT_RETRY_BASE_MS: "300",
      MAIL_FROM: "Förbundet <utskick@example.org>",
      SITE_URL: "https://forening.example.org",
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  await database?.drop();
});

const api = (path: string, token: string, options: { method?: string; body?: unknown } = {}) =>
  call(path, { ...options, token, baseUrl: server.baseUrl });

/** A company with two lists and an API key that may do everything with sendouts, lists and members there. */
async function association() {
  const company = await makeCompany("Utskicksförbundet");
  const key = await makeApiKey({
    companyId: company.id,
    companyIds: [company.id],
    modules: ["sendout", "subscription_list", "member"],
    permissions: ["SENDOUT.U", "SUBSCRIPTION_LIST.U", "MEMBER.U"],
  });
  const issued = await call("/v3/access/user/basic", {
    method: "POST",
    headers: { authorization: basicHeader(key.client_id, key.client_secret) },
    baseUrl: server.baseUrl,
  });
  const token = issued.json.access_token as string;
  const list = async (name: string) =>
    (await api("/v3/subscription_list", token, { method: "POST", body: { name, company_id: company.id } })).json
      .id as number;
  const lists = [await list("Nyheter"), await list("Evenemang")];
  const person = async (firstname: string, on: number[]) => {
    const email = uniqueEmail(firstname.toLowerCase());
    const member = await api("/v3/member", token, {
      method: "POST",
      body: { company_id: company.id, email, firstname },
    });
    expect(member.status).toBe(201);
    for (const listId of on)
      expect(
        (await api(`/v3/subscription_list/${listId}/subscribe/${member.json.id}`, token, { method: "POST" })).status,
      ).toBe(200);
    return { email, uuid: member.json.uuid as string };
  };
  return { company, token, lists, person };
}

const headerLine = (message: ReceivedMail, name: string) =>
  message.parsed.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();
const messagesOf = (sendoutId: number) =>
  sink.received.filter((m) => m.parsed.messageId?.startsWith(`<sendout-${sendoutId}-`));

async function sendoutFinished(token: string, id: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(`/v3/sendout/${id}`, token);
    if (res.json.status === "SENT") return res.json;
    if (Date.now() > deadline)
      throw new Error(`sendout ${id} is still ${res.json.status}: ${JSON.stringify(res.json.counts)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("sendouts over HTTP", () => {
  it("reaches everyone on two overlapping lists once, with the sender, reply-to, one-click unsubscribe and footer links", async () => {
    const { company, token, lists, person } = await association();
    const both = await person("Anna", lists);
    const news = await person("Bertil", [lists[0]]);
    const events = await person("Cecilia", [lists[1]]);
    const created = await api("/v3/sendout", token, {
      method: "POST",
      body: {
        company_id: company.id,
        list_ids: lists,
        subject: "Hej {{firstname}}!",
        html: "<p>Årsmötet är den 5 december.</p>",
        from_name: "Styrelsen",
        reply_to: "styrelsen@example.org",
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: "DRAFT", list_ids: lists, counts: { recipients: 0 } });
    expect(
      (await api(`/v3/sendout/${created.json.id}`, token, { method: "PUT", body: { preheader: "Kallelse" } })).json
        .preheader,
    ).toBe("Kallelse");

    const sent = await api(`/v3/sendout/${created.json.id}/send`, token, { method: "POST", body: {} });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ status: "SENDING", counts: { recipients: 3 } });
    expect((await api(`/v3/sendout/${created.json.id}`, token, { method: "PUT", body: { subject: "x" } })).status).toBe(
      409,
    );

    const done = await sendoutFinished(token, created.json.id);
    expect(done.counts).toEqual({ recipients: 3, sent: 3, failed: 0, bounced: 0, complained: 0, unsubscribed: 0 });
    const messages = messagesOf(created.json.id);
    expect(messages.map((m) => m.envelopeTo[0]).sort()).toEqual([both.email, news.email, events.email].sort());
    for (const [who, listId] of [
      [both, Math.min(...lists)],
      [news, lists[0]],
      [events, lists[1]],
    ] as const) {
      const message = messages.find((m) => m.envelopeTo[0] === who.email)!;
      expect(message.parsed.subject).toMatch(/^Hej (Anna|Bertil|Cecilia)!$/);
      expect(message.parsed.from?.value[0]).toMatchObject({ name: "Styrelsen", address: "utskick@example.org" });
      expect(message.parsed.replyTo?.value[0].address).toBe("styrelsen@example.org");
      expect(message.parsed.messageId).toMatch(new RegExp(`^<sendout-${created.json.id}-\\d+@example\\.org>$`));
      const listUuid = (await api(`/v3/subscription_list/${listId}`, token)).json.uuid;
      expect(headerLine(message, "list-unsubscribe")).toBe(
        `<https://forening.example.org/v3/subscription_list/unsubscribe/${listUuid}/${who.uuid}>`,
      );
      expect(headerLine(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      expect(message.parsed.text).toContain("Årsmötet är den 5 december.");
      expect(message.parsed.html).toContain(`/unsubscribe/all/${who.uuid}?token=`);
      expect(message.parsed.html).not.toMatch(/<img[^>]+(width="1"|height="1")/);
    }
    const listed = await api(`/v3/sendout?company_id=${company.id}`, token);
    expect(listed.json.map((s: { id: number }) => s.id)).toEqual([created.json.id]);
  });

  it("sends a test copy to a staff address at once (400 for another address), and answers 400 for a list of another company", async () => {
    const { company, token, lists } = await association();
    const other = await association();
    const refused = await api("/v3/sendout", token, {
      method: "POST",
      body: { company_id: company.id, list_ids: [other.lists[0]], subject: "x", html: "<p>x</p>" },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.reason).toBe(`list_ids: list ${other.lists[0]} is not a list of this company`);
    const created = await api("/v3/sendout", token, {
      method: "POST",
      body: { company_id: company.id, list_ids: lists, subject: "Prov", html: "<p>Hej {{firstname|vän}}</p>" },
    });
    // Only to staff: an address without a dashboard account whose access covers the company is refused.
    const stranger = await api(`/v3/sendout/${created.json.id}/test`, token, {
      method: "POST",
      body: { email: uniqueEmail("vemsomhelst") },
    });
    expect([stranger.status, stranger.json.reason]).toEqual([
      400,
      "email: must be the address of a staff member with access to the sendout's organization",
    ]);
    const { email: staff } = await newAdminUser("EDITOR");
    const test = await api(`/v3/sendout/${created.json.id}/test`, token, { method: "POST", body: { email: staff } });
    expect(test.status).toBe(200);
    expect(test.json.sent_to).toBe(staff);
    const copy = sink.received.find((m) => m.envelopeTo.includes(staff))!;
    expect(copy.parsed.subject).toBe("[Test] Prov");
    expect(copy.parsed.messageId).toBe(test.json.message_id);
    expect((await api(`/v3/sendout/${created.json.id}`, token)).json).toMatchObject({
      status: "DRAFT",
      counts: { recipients: 0 },
    });
  });

  it("completes when the mail server answers 451 for a while and then recovers", async () => {
    const { company, token, lists, person } = await association();
    const people = [
      await person("Doris", [lists[0]]),
      await person("Erik", [lists[0]]),
      await person("Frida", [lists[0]]),
    ];
    const created = await api("/v3/sendout", token, {
      method: "POST",
      body: { company_id: company.id, list_ids: [lists[0]], subject: "Påminnelse", html: "<p>Glöm inte</p>" },
    });
    sink.failNext(6, 451);
    await api(`/v3/sendout/${created.json.id}/send`, token, { method: "POST", body: {} });
    const done = await sendoutFinished(token, created.json.id, 45_000);
    expect(done.counts).toMatchObject({ recipients: 3, sent: 3, failed: 0 });
    const messages = messagesOf(created.json.id);
    expect(messages.map((m) => m.envelopeTo[0]).sort()).toEqual(people.map((p) => p.email).sort());
  });

  it("pauses, resumes and cancels over HTTP, and 409s a move its state does not allow", async () => {
    const { company, token, lists } = await association();
    const created = await api("/v3/sendout", token, {
      method: "POST",
      body: { company_id: company.id, list_ids: lists, subject: "Senare", html: "<p>Senare</p>" },
    });
    const id = created.json.id;
    expect((await api(`/v3/sendout/${id}/pause`, token, { method: "POST" })).json).toEqual({
      reason: "sendout is DRAFT",
    });
    const scheduled = await api(`/v3/sendout/${id}/send`, token, {
      method: "POST",
      body: { send_at: "2030-01-01T09:00:00+01:00" },
    });
    expect(scheduled.json).toMatchObject({ status: "SCHEDULED", send_at: "2030-01-01T08:00:00.000Z" });
    expect((await api(`/v3/sendout/${id}/cancel`, token, { method: "POST" })).json.status).toBe("CANCELLED");
    expect((await api(`/v3/sendout/${id}/resume`, token, { method: "POST" })).status).toBe(409);
  });
});
