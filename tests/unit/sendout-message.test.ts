// A sendout's message to one recipient, rendered for real and delivered to a real SMTP server: merge fields, the
// footer's three links in both parts, the one-click unsubscribe headers and the stable Message-ID.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sendoutFromLine } from "@/lib/mail/sender";
import { startSmtpSink, type SmtpSink } from "../smtp-sink";

let sink: SmtpSink;
let render: typeof import("@/modules/sendouts/mail/sendout-message");
let transport: typeof import("@/lib/mail/transport");
let links: typeof import("@/modules/lists/services/unsubscribe-links");
let messageIds: typeof import("@/lib/mail/message-id");

const memberUuid = "0b9d5c7e-5f7a-4c39-9a55-2f1f1b1f4a10";
const listUuid = "5e0c2a51-8f3b-4d7e-a1c4-77e0f0a9d3b2";

const input = {
  sendout: {
    id: 12,
    subject: "Hej {{firstname|vän}}: vinterns program",
    preheader: "Allt om vintern, {{firstname}}",
    html: '<h3>Vinter</h3><p>Hej {{firstname|vän}}!</p><p><a href="https://skidif.example/program">Programmet</a></p>',
    text: null,
    fromName: "Skid-IF Väst",
    replyTo: "kansli@skidif.example",
  },
  organization: { name: "Skid-IF Väst", logoUrl: "https://skidif.example/logo.png" },
  recipient: {
    id: 345,
    email: "anna@example.org",
    memberUuid,
    firstname: "<img src=x onerror=alert(1)>",
    lastname: null,
  },
  list: { uuid: listUuid, name: "Vinternytt för (klubben), 2027" },
};

beforeAll(async () => {
  // The signed links carry an expiry in seconds: a render and the expected URLs made a second apart differed. Only
  // the clock is frozen; timers stay real for the SMTP exchange.
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-24T12:00:00Z") });
  sink = await startSmtpSink();
  process.env.SMTP_URL = sink.url;
  process.env.MAIL_FROM = "Förbundet <utskick@forbundet.example>";
  process.env.SITE_URL = "https://service.example";
  process.env.SECRETS_FILE = `/tmp/sendout-message-${process.pid}.json`;
  [render, transport, links, messageIds] = await Promise.all([
    import("@/modules/sendouts/mail/sendout-message"),
    import("@/lib/mail/transport"),
    import("@/modules/lists/services/unsubscribe-links"),
    import("@/lib/mail/message-id"),
  ]);
});

afterAll(async () => {
  vi.useRealTimers();
  transport.closeMailTransport();
  await sink.stop();
});

const footerUrls = () => [
  `https://service.example/unsubscribe/${listUuid}/${memberUuid}?p=${links.preferencesToken(memberUuid)}`,
  links.globalOptOutUrl(memberUuid),
  links.preferencesUrl(memberUuid),
];

describe("renderSendoutMail", () => {
  it("names the row in a Message-ID of MAIL_FROM's domain, which reads back to the same row", async () => {
    const mail = await render.renderSendoutMail(input);
    expect(mail.messageId).toBe("<sendout-12-345@forbundet.example>");
    expect(messageIds.parseSendoutMessageId(mail.messageId)).toEqual({ sendoutId: 12, recipientId: 345 });
    expect(messageIds.parseSendoutMessageId("sendout-12-345@forbundet.example")).toEqual({
      sendoutId: 12,
      recipientId: 345,
    });
    expect(messageIds.parseSendoutMessageId("<abc@forbundet.example>")).toBeNull();
    expect(mail.listUnsubscribeUrl).toBe(links.listUnsubscribeUrl(listUuid, memberUuid));
  });

  it("never lets the recipient's own name become markup, in the body, the preheader or the subject", async () => {
    const mail = await render.renderSendoutMail(input);
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("Hej &lt;img src=x onerror=alert(1)&gt;!");
    expect(mail.text).toContain("Hej <img src=x onerror=alert(1)>!");
    expect(mail.subject).toBe("Hej <img src=x onerror=alert(1)>: vinterns program");
  });

  it("puts the organization, the hidden preheader and the footer's links in Swedish or English", async () => {
    const sv = await render.renderSendoutMail({ ...input, recipient: { ...input.recipient, firstname: null } });
    expect(sv.subject).toBe("Hej vän: vinterns program");
    expect(sv.html).toContain('lang="sv"');
    expect(sv.html).toMatch(/<div style="display:none;[^"]*" data-skip-in-text="true">Allt om vintern, /);
    expect(sv.text).not.toContain("Allt om vintern");
    for (const label of [
      "Avregistrera dig från den här listan",
      "Avsluta alla utskick",
      "Dina inställningar",
      "Skid-IF Väst",
    ]) {
      expect(sv.html).toContain(label);
    }
    const en = await render.renderSendoutMail({ ...input, lang: "en" });
    for (const label of ["Unsubscribe from this list", "Stop all mailings", "Your preferences"])
      expect(en.html).toContain(label);
    expect(en.html).toContain('lang="en"');
  });

  it("uses the author's text part with its merge fields, and still ends it with the footer's links", async () => {
    const mail = await render.renderSendoutMail({
      ...input,
      sendout: { ...input.sendout, text: "Hej {{firstname|vän}}!\nSe programmet." },
    });
    expect(mail.text).toContain("Hej <img src=x onerror=alert(1)>!\nSe programmet.");
    expect(mail.text).not.toContain("Programmet [https://skidif.example/program]");
    for (const url of footerUrls()) expect(mail.text).toContain(url);
  });

  it("keeps the subject header on one line whatever the recipient's name holds", async () => {
    const mail = await render.renderSendoutMail({
      ...input,
      recipient: { ...input.recipient, firstname: "A\r\nBcc: x@evil.org" },
    });
    expect(mail.subject).toBe("Hej A Bcc: x@evil.org: vinterns program");
  });

  it("fills one rendered template per recipient: each gets their own name and links, no marks left over", async () => {
    const messageFor = await render.sendoutTemplate(input);
    const otherUuid = "7d1c5c7e-5f7a-4c39-9a55-2f1f1b1f4a11";
    const bertil = {
      id: 346,
      email: "bertil@example.org",
      memberUuid: otherUuid,
      firstname: "Bertil & Co",
      lastname: "Ek",
    };
    const first = messageFor(input.recipient, input.list);
    const second = messageFor(bertil, input.list);
    expect(first).toEqual(await render.renderSendoutMail(input));
    expect(second.html).toContain("Hej Bertil &amp; Co!");
    expect(second.text).toContain("Hej Bertil & Co!");
    expect(second.subject).toBe("Hej Bertil & Co: vinterns program");
    expect(second.html).toContain(`/unsubscribe/${listUuid}/${otherUuid}?p=${links.preferencesToken(otherUuid)}`);
    expect(second.text).toContain(links.globalOptOutUrl(otherUuid));
    expect(second.html).not.toContain(memberUuid);
    expect(second.messageId).toBe("<sendout-12-346@forbundet.example>");
    for (const part of [first.html, first.text, second.html, second.text, second.subject])
      expect(part).not.toMatch(/[\uE000\uE001]/);
  });

  it("arrives with both parts, every footer link in each, and the one-click unsubscribe headers", async () => {
    await transport.sendMail(await render.renderSendoutMail(input));
    const [received] = await sink.waitFor(1);
    const { parsed } = received;
    expect(parsed.messageId).toBe("<sendout-12-345@forbundet.example>");
    expect(parsed.from?.value).toEqual([{ name: "Skid-IF Väst", address: "utskick@forbundet.example" }]);
    expect(parsed.subject).toBe("Hej <img src=x onerror=alert(1)>: vinterns program");
    const html = String(parsed.html);
    for (const url of footerUrls()) {
      expect(html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
      expect(parsed.text).toContain(url);
    }
    expect(parsed.text).toContain("Programmet [https://skidif.example/program]");
    // The author's links are sent as written: nothing is rewritten and no pixel is added.
    expect(html).toContain('href="https://skidif.example/program"');
    expect(html.match(/<img /g)).toHaveLength(1);
    const headers = received.raw.slice(0, received.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    expect(/^List-Unsubscribe: +<(\S+)>\r?$/m.exec(headers)?.[1]).toBe(links.listUnsubscribeUrl(listUuid, memberUuid));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });

  it("is sent in the organization's name when the author left the sender's name empty, at MAIL_FROM's address", async () => {
    const mail = await render.renderSendoutMail({
      ...input,
      sendout: { ...input.sendout, fromName: null },
      organization: { name: "Malmö IF" },
    });
    expect(mail.fromName).toBe("Malmö IF");
    expect(sendoutFromLine("  ", "Malmö IF", "utskick@forbundet.example")).toBe("Malmö IF <utskick@forbundet.example>");
    expect(sendoutFromLine("Kansliet", "Malmö IF", "utskick@forbundet.example")).toBe(
      "Kansliet <utskick@forbundet.example>",
    );
    const before = sink.received.length;
    await transport.sendMail(mail);
    const received = (await sink.waitFor(before + 1))[before];
    expect(received.parsed.from?.value).toEqual([{ name: "Malmö IF", address: "utskick@forbundet.example" }]);
  });

  it("names the recipient's list in List-Id (RFC 2919) and lays out at the phone's width (a viewport)", async () => {
    const before = sink.received.length;
    await transport.sendMail(await render.renderSendoutMail(input));
    const received = (await sink.waitFor(before + 1))[before];
    const headers = received.raw.slice(0, received.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    // Its name without the characters a phrase cannot hold bare, encoded as a header's words are; the id as written.
    expect(/^List-Id: (.+?)\r?$/im.exec(headers)?.[1]).toBe(
      `Vinternytt =?UTF-8?Q?f=C3=B6r?= klubben 2027 <${listUuid}.list.forbundet.example>`,
    );
    expect(received.parsed.headers.get("list")).toMatchObject({ id: { id: `${listUuid}.list.forbundet.example` } });
    expect(String(received.parsed.html)).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1"/);
  });
});
