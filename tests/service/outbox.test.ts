// The Outbox service over what the real catcher kept: mail sent through the service's own transport (no SMTP_URL, so
// to the catcher) is listed newest first and read back with its headers, links, text and framed HTML; only an ADMIN of
// every company (or the operator) reads it, and nobody does once SMTP_URL names a real server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Caller } from "@/modules/access/services/caller";
import { MODULES, PERMISSIONS } from "@/modules/access/schemas/access";
import { startMailCatcher, type MailCatcher } from "../../scripts/mail-catcher";

let catcher: MailCatcher;
let mail: typeof import("@/lib/mail/transport");
let outbox: typeof import("@/modules/sendouts/services/outbox");
let operator: Caller;

const dashboardUser = (role: "ADMIN" | "EDITOR" | "VIEWER", scope: Caller["scope"]): Caller => ({
  kind: "admin_user",
  actor: `admin:${role.toLowerCase()}@example.org`,
  name: role,
  companyId: null,
  role,
  userId: 1,
  modules: new Set(MODULES),
  permissions: role === "VIEWER" ? new Set() : new Set(PERMISSIONS),
  scope,
});
const orgAdmin = dashboardUser("ADMIN", { kind: "all" });

const newsletter = {
  to: "anna@example.org",
  subject: "Nyhetsbrev – november",
  html:
    '<!doctype html><html><head><title>N</title></head><body><p>Hej Anna!</p><a href="https://example.org/events">Se   <b>evenemangen</b></a>' +
    '<a href="javascript:alert(1)">inte en länk</a><a href="https://example.org/unsubscribe/abc">Avsluta prenumerationen</a></body></html>',
  text: "Hej Anna! Avsluta: https://example.org/unsubscribe/abc",
  messageId: "<sendout-7-1@example.org>",
  fromName: "Skid-IF",
  listUnsubscribeUrl: "https://example.org/v3/subscription_list/unsubscribe/L/M",
};

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-service-"));
  catcher = await startMailCatcher({ dir, port: 0 });
  delete process.env.SMTP_URL;
  process.env.MAIL_CATCHER_PORT = String(catcher.port);
  process.env.MAIL_CATCHER_DIR = dir;
  process.env.MAIL_FROM = "Förbundet <utskick@example.org>";
  mail = await import("@/lib/mail/transport");
  outbox = await import("@/modules/sendouts/services/outbox");
  operator = (await import("@/modules/access/services/caller")).operatorCaller();
  await mail.sendMail(newsletter);
  await mail.sendMail({
    to: "bo@example.org",
    subject: "Bekräfta",
    html: "",
    text: "Bekräfta: https://example.org/confirm/xyz",
    messageId: "<c-1@example.org>",
  });
});

afterAll(async () => {
  mail.closeMailTransport();
  await catcher.close();
});

describe("listOutbox", () => {
  it("lists what was sent, newest first, with from, to, subject and the receipt time", async () => {
    const page = await outbox.listOutbox(orgAdmin, { page: 1 });
    expect(page.count).toBe(2);
    expect(page.messages.map((m) => [m.to, m.subject])).toEqual([
      ["bo@example.org", "Bekräfta"],
      ["anna@example.org", "Nyhetsbrev – november"],
    ]);
    expect(page.messages[1].from).toBe("Skid-IF <utskick@example.org>");
    expect(Date.now() - Date.parse(page.messages[0].received_at)).toBeLessThan(60_000);
    expect((await outbox.listOutbox(orgAdmin, { page: 2 })).messages).toEqual([]);
  });
});

describe("getOutboxMessage and getOutboxHtml", () => {
  const idOf = async (subject: string) =>
    (await outbox.listOutbox(orgAdmin, { page: 1 })).messages.find((m) => m.subject === subject)!.id;

  it("shows the headers worth reading in order, the followable links of the HTML, and the text", async () => {
    const message = await outbox.getOutboxMessage(orgAdmin, await idOf("Nyhetsbrev – november"));
    expect(message.headers.map((h) => h.name)).toEqual([
      "From",
      "To",
      "Subject",
      "Date",
      "Message-ID",
      "List-Unsubscribe",
      "List-Unsubscribe-Post",
    ]);
    expect(message.headers.find((h) => h.name === "Subject")!.value).toBe("Nyhetsbrev – november");
    expect(message.headers.find((h) => h.name === "List-Unsubscribe")!.value).toBe(
      "<https://example.org/v3/subscription_list/unsubscribe/L/M>",
    );
    expect(message.links).toEqual([
      { text: "Se evenemangen", href: "https://example.org/events" },
      { text: "Avsluta prenumerationen", href: "https://example.org/unsubscribe/abc" },
    ]);
    expect(message.text?.trim()).toBe(newsletter.text);
    expect(message.has_html).toBe(true);
  });

  it("frames the HTML with links opening in a new tab, the base right after <head>", async () => {
    const html = await outbox.getOutboxHtml(orgAdmin, await idOf("Nyhetsbrev – november"));
    expect(html).toMatch(/^<!doctype html><html><head><base target="_blank"><title>N<\/title>/);
  });

  it("takes the links of a text-only message from its text; it has no HTML to frame", async () => {
    const id = await idOf("Bekräfta");
    const message = await outbox.getOutboxMessage(orgAdmin, id);
    expect(message.has_html).toBe(false);
    expect(message.links).toEqual([
      { text: "https://example.org/confirm/xyz", href: "https://example.org/confirm/xyz" },
    ]);
    await expect(outbox.getOutboxHtml(orgAdmin, id)).rejects.toMatchObject({
      status: 404,
      message: "message has no HTML part",
    });
  });

  it("puts the base first in a message without a head, never inside a <header>", async () => {
    await mail.sendMail({
      to: "cilla@example.org",
      subject: "Utan head",
      html: "<header><p>Hej</p></header>",
      text: "Hej",
      messageId: "<h-1@example.org>",
    });
    expect(await outbox.getOutboxHtml(orgAdmin, await idOf("Utan head"))).toBe(
      '<base target="_blank"><header><p>Hej</p></header>',
    );
  });

  it("answers not found for an id with no file", async () => {
    await expect(outbox.getOutboxMessage(orgAdmin, "1764000000000-0123456789abcdef")).rejects.toMatchObject({
      status: 404,
      message: "message not found",
    });
  });
});

describe("who reads the Outbox", () => {
  it("an ADMIN of every company and the operator; nobody else, as if it did not exist", async () => {
    const id = (await outbox.listOutbox(operator, { page: 1 })).messages[0].id;
    expect(outbox.canReadOutbox(orgAdmin)).toBe(true);
    const refused = [
      dashboardUser("ADMIN", { kind: "companies", companyIds: ["c".repeat(36)], includeDescendants: true }),
      dashboardUser("EDITOR", { kind: "all" }),
      dashboardUser("VIEWER", { kind: "all" }),
    ];
    for (const caller of refused) {
      expect(outbox.canReadOutbox(caller)).toBe(false);
      await expect(outbox.listOutbox(caller, { page: 1 })).rejects.toMatchObject({ status: 404, message: "not found" });
      await expect(outbox.getOutboxMessage(caller, id)).rejects.toMatchObject({ status: 404, message: "not found" });
      await expect(outbox.getOutboxHtml(caller, id)).rejects.toMatchObject({ status: 404, message: "not found" });
    }
  });

  it("nobody once SMTP_URL names a real server: there is no Outbox then", async () => {
    vi.resetModules();
    process.env.SMTP_URL = "smtp://mail.example.org:587";
    try {
      const relayed = await import("@/modules/sendouts/services/outbox");
      expect(relayed.canReadOutbox(orgAdmin)).toBe(false);
      await expect(relayed.listOutbox(orgAdmin, { page: 1 })).rejects.toMatchObject({ status: 404 });
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});
