// Double opt-in, the one-click unsubscribe and the preference page over HTTP, against a built server of this file's
// own that sends its mail to a real SMTP server here (tests/smtp-sink.ts): the suite's shared server sends nowhere a
// test could read. Forms are posted as a browser without JavaScript posts them.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createList } from "@/modules/lists/services/lists";
import { globalOptOutToken, preferencesToken } from "@/modules/lists/services/unsubscribe-links";
import { startServer, type TestServer } from "../../scripts/lib/test-stack";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";
import { call, makeCompany, uniqueIp } from "../helpers";
import { withSubscriber } from "../subscription-fixtures";

let server: TestServer;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({
    databaseUrl: inject("databaseUrl"),
    secrets: inject("secrets"),
    env: {
      TZ: "Europe/Stockholm",
      LEISURE_CARD_API_URL: inject("leisureCardUrl"),
      SMTP_URL: sink.url,
      SITE_URL: "https://lists.example.org",
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await sink?.stop();
});
beforeEach(() => {
  sink.received.length = 0;
});

const api = (path: string, options: Parameters<typeof call>[1] = {}) =>
  call(path, { ...options, baseUrl: server.baseUrl });
const page = async (path: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { "x-forwarded-for": uniqueIp() } });
  return { status: res.status, html: await res.text(), csp: res.headers.get("content-security-policy") };
};
const unescapeHtml = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** Each form of the page as its hidden fields (the action reference Next renders, and the page's own). */
function formsOf(html: string): [string, string][][] {
  return html
    .split("<form")
    .slice(1)
    .map((form) =>
      [...form.split("</form>")[0].matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map(
        ([, name, value]) => [name, unescapeHtml(value ?? "")] as [string, string],
      ),
    );
}

/** Posts the page's form that has all of `match`'s fields, as a browser without JavaScript would (redirects followed). */
async function submit(path: string, match: Record<string, string> = {}) {
  const form = formsOf((await page(path)).html).find((fields) =>
    Object.entries(match).every(([n, v]) => fields.some(([name, value]) => name === n && value === v)),
  );
  if (!form) throw new Error(`no form with ${JSON.stringify(match)} on ${path}`);
  const body = new FormData();
  for (const [name, value] of form) body.append(name, value);
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    body,
    headers: { "x-forwarded-for": uniqueIp() },
  });
  return { status: res.status, url: res.url, html: await res.text() };
}

async function list(doubleOptIn: boolean) {
  const company = await makeCompany("Bekräftelseföreningen");
  return createList(operatorCaller(), { name: "Veckobrevet", company_id: company.id, double_opt_in: doubleOptIn });
}

/** The path of the confirmation link in the newest message. */
function confirmationPath(): string {
  const text = sink.received.at(-1)?.parsed.text ?? "";
  const match = /https:\/\/lists\.example\.org(\/confirm\/[^\s"<>\]]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in ${text}`);
  return match[1];
}

/** The public subscribe, with the subscription the address now has read from the database (the answer names none). */
const subscribeHttp = async (
  uuid: string,
  body: { email: string } & Record<string, unknown>,
  headers?: Record<string, string>,
) =>
  withSubscriber(
    await api(`/v3/subscription_list/public/${uuid}`, { method: "POST", body, headers }),
    uuid,
    body.email,
  );

const subscriptionOf = (id: number) => db().subscription.findUniqueOrThrow({ where: { id } });

describe("double opt-in over HTTP", () => {
  it("201 PENDING, a confirmation mail, a page that changes nothing, and a button that confirms", async () => {
    const l = await list(true);
    const res = await subscribeHttp(l.uuid, { email: "ada@example.org" }, { "accept-language": "en" });
    expect(res.status).toBe(201);
    expect(res.json.subscription.status).toBe("PENDING");

    const [mail] = await sink.waitFor(1);
    expect(mail.envelopeTo).toEqual(["ada@example.org"]);
    expect(mail.parsed.subject).toBe("Confirm your subscription to Veckobrevet");
    const path = confirmationPath();

    const shown = await page(path);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Yes, subscribe me");
    expect(shown.csp).toMatch(/script-src [^;]*'nonce-/);
    await page(path); // a scanner opening it twice
    expect((await subscriptionOf(res.subscriber!.subscription_id)).status).toBe("PENDING");

    const confirmed = await submit(path);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain("Your subscription is confirmed");
    expect(await subscriptionOf(res.subscriber!.subscription_id)).toMatchObject({
      status: "SUBSCRIBED",
      confirmedVia: "EMAIL_LINK",
    });
    expect((await page(path)).html).not.toContain("Yes, subscribe me");
  });

  it("resends the confirmation at most once per 10 minutes", async () => {
    const l = await list(true);
    const body = { email: "bo@example.org" };
    const first = await subscribeHttp(l.uuid, body);
    await sink.waitFor(1);
    for (let i = 0; i < 3; i++) expect((await subscribeHttp(l.uuid, body)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.received).toHaveLength(1);
    await db().subscription.update({
      where: { id: first.subscriber!.subscription_id },
      data: { confirmationSentAt: new Date(Date.now() - 11 * 60_000) },
    });
    await subscribeHttp(l.uuid, body);
    await sink.waitFor(2);
  });

  it("an anonymous subscribe with the address of a member who opted out of everything changes nothing about them", async () => {
    const l = await list(false);
    const first = await subscribeHttp(l.uuid, { email: "stina@example.org" });
    const member = await db().member.findUniqueOrThrow({ where: { id: first.subscriber!.member_id } });
    const token = globalOptOutToken(member.uuid);
    expect(
      (await api(`/v3/subscription_list/unsubscribe/all/${member.uuid}?token=${token}`, { method: "POST" })).status,
    ).toBe(200);
    const optedOut = await db().member.findUniqueOrThrow({ where: { id: member.id } });

    const res = await subscribeHttp(l.uuid, {
      email: "stina@example.org",
      phone: "+46 70 666 66 66",
      firstname: "Mallory",
    });
    expect([res.status, res.json.subscription.status, res.subscriber?.status]).toEqual([201, "SUBSCRIBED", "PENDING"]);
    expect(await db().member.findUniqueOrThrow({ where: { id: member.id } })).toEqual(optedOut);
    await sink.waitFor(1);
    await submit(confirmationPath());
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).globalOptOutAt).toBeNull();
  });
});

describe("RFC 8058 one-click unsubscribe", () => {
  it("accepts the form body mail clients send", async () => {
    const l = await list(false);
    const sub = await subscribeHttp(l.uuid, { email: "click@example.org" });
    const member = await db().member.findUniqueOrThrow({ where: { id: sub.subscriber!.member_id } });
    const res = await api(`/v3/subscription_list/unsubscribe/${l.uuid}/${member.uuid}`, {
      method: "POST",
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([res.status, res.json]).toEqual([200, { ok: true }]);
    expect((await subscriptionOf(sub.subscriber!.subscription_id)).status).toBe("UNSUBSCRIBED");
  });
});

describe("the hosted unsubscribe page", () => {
  it("offers 'Prenumerera igen' after the unsubscribe, and the preference page when its link carries the token", async () => {
    const l = await list(false);
    const sub = await subscribeHttp(l.uuid, { email: "again@example.org" });
    const member = await db().member.findUniqueOrThrow({ where: { id: sub.subscriber!.member_id } });
    const path = `/unsubscribe/${l.uuid}/${member.uuid}?p=${preferencesToken(member.uuid)}`;

    const done = await submit(path, { member_uuid: member.uuid });
    expect(done.html).toContain("Du har lämnat Veckobrevet");
    expect(done.html).toContain("Du får inga fler utskick från listan Veckobrevet.");
    expect(done.html).toContain(`href="/preferences/${preferencesToken(member.uuid).split(".")[0]}`);
    expect((await subscriptionOf(sub.subscriber!.subscription_id)).status).toBe("UNSUBSCRIBED");
    // A forged token shows no link to anyone's preferences.
    // (The page links there in every state now, so showing it is enough: a post would be the undo.)
    expect((await page(`/unsubscribe/${l.uuid}/${member.uuid}?p=${member.uuid}.1.x`)).html).not.toContain(
      "/preferences/",
    );

    const form = formsOf(done.html).find((fields) => fields.some(([name, value]) => name === "lang" && value === "sv"));
    const body = new FormData();
    for (const [name, value] of form!) body.append(name, value);
    const again = await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      body,
      headers: { "x-forwarded-for": uniqueIp() },
    });
    const againHtml = await again.text();
    expect(againHtml).toContain("Du prenumererar igen på Veckobrevet");
    // The way to the preference page survives the undo (the token travels with its redirect).
    expect(againHtml).toContain(`href="/preferences/${preferencesToken(member.uuid).split(".")[0]}`);
    expect((await subscriptionOf(sub.subscriber!.subscription_id)).status).toBe("SUBSCRIBED");
  });
});

describe("the preference page", () => {
  it("switches a list, opts out of everything and back, and hands out the data as JSON", async () => {
    const l = await list(false);
    const sub = await subscribeHttp(l.uuid, { email: "pref@example.org", firstname: "Pia" });
    const member = await db().member.findUniqueOrThrow({ where: { id: sub.subscriber!.member_id } });
    const path = `/preferences/${preferencesToken(member.uuid)}`;

    const shown = await page(`${path}?lang=en`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Veckobrevet");
    expect(shown.csp).toMatch(/script-src [^;]*'nonce-/);

    const off = await submit(`${path}?lang=en`, { op: "off", list_id: String(l.id) });
    expect(off.html).toContain("Saved.");
    expect((await subscriptionOf(sub.subscriber!.subscription_id)).status).toBe("UNSUBSCRIBED");
    await submit(path, { op: "on", list_id: String(l.id) });
    expect(await subscriptionOf(sub.subscriber!.subscription_id)).toMatchObject({
      status: "SUBSCRIBED",
      confirmedVia: "PREFERENCES",
    });

    await submit(path, { op: "optOut" });
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).globalOptOutAt).not.toBeNull();
    expect((await subscriptionOf(sub.subscriber!.subscription_id)).status).toBe("UNSUBSCRIBED");
    await submit(path, { op: "undoOptOut" });
    expect((await db().member.findUniqueOrThrow({ where: { id: member.id } })).globalOptOutAt).toBeNull();
    expect((await subscriptionOf(sub.subscriber!.subscription_id)).status).toBe("SUBSCRIBED");

    const data = await fetch(`${server.baseUrl}${path}/data`, { headers: { "x-forwarded-for": uniqueIp() } });
    expect(data.status).toBe(200);
    expect(data.headers.get("content-disposition")).toContain("attachment");
    const json = await data.json();
    expect(json.member).toMatchObject({ email: "pref@example.org", firstname: "Pia" });
    expect(json.subscriptions).toEqual([expect.objectContaining({ list: "Veckobrevet", status: "SUBSCRIBED" })]);

    expect((await page(`/preferences/${member.uuid}.1.${"A".repeat(43)}`)).html).toContain("Länken fungerar inte");
    expect((await fetch(`${server.baseUrl}/preferences/x/data`)).status).toBe(404);
  });
});
