// The Outbox over HTTP, on a server of this file's own whose mail goes to a catcher started here (no SMTP_URL): what
// is sent arrives over real SMTP and is listed and read through the dashboard's data routes and pages; the frame's
// HTML carries its own policy; an id is a file name or a 400; and nobody but an ADMIN of every company sees any of it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type TestServer } from "../../scripts/lib/test-stack";
import { startMailCatcher, type MailCatcher } from "../../scripts/mail-catcher";
import { newAdminUser, signIn } from "../dashboard-session";
import { call, makeCompany } from "../helpers";

let catcher: MailCatcher;
let server: TestServer;
const cookies: Record<"orgAdmin" | "clubAdmin" | "orgViewer", string> = { orgAdmin: "", clubAdmin: "", orgViewer: "" };

const get = (path: string, who?: keyof typeof cookies) =>
  call(path, { baseUrl: server.baseUrl, headers: who ? { cookie: cookies[who] } : {}, redirect: "manual" });

beforeAll(async () => {
  catcher = await startMailCatcher({ port: 0, dir: fs.mkdtempSync(path.join(os.tmpdir(), "outbox-http-")) });
  server = await startServer({
    databaseUrl: inject("databaseUrl"),
    secrets: inject("secrets"),
    env: { TZ: "Europe/Stockholm", MAIL_CATCHER_PORT: String(catcher.port), MAIL_CATCHER_DIR: catcher.dir },
  });
  const club = await makeCompany("Utkorgens IF");
  // Sessions are rows in the shared database, sealed with the shared secret: signed in at the suite's server, valid here.
  cookies.orgAdmin = await signIn(await newAdminUser("ADMIN"));
  cookies.clubAdmin = await signIn(await newAdminUser("ADMIN", { company_ids: [club.id] }));
  cookies.orgViewer = await signIn(await newAdminUser("VIEWER"));
  await nodemailer.createTransport({ host: "127.0.0.1", port: catcher.port, secure: false, ignoreTLS: true }).sendMail({
    from: "Skid-IF <utskick@example.org>",
    to: "anna@example.org",
    subject: "Nyhetsbrev – december",
    html: '<html><head></head><body><p>Hej!</p><a href="https://example.org/unsubscribe/abc">Avsluta</a></body></html>',
    text: "Hej!",
    headers: { "List-Unsubscribe": "<https://example.org/v3/subscription_list/unsubscribe/L/M>" },
  });
});

afterAll(async () => {
  await server?.stop();
  await catcher?.close();
});

describe("the Outbox for an ADMIN of every company", () => {
  it("lists the caught message and reads it as JSON", async () => {
    const list = await get("/admin/api/outbox", "orgAdmin");
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({
      count: 1,
      page: 1,
      page_size: 50,
      messages: [{ to: "anna@example.org", subject: "Nyhetsbrev – december" }],
    });
    const one = await get(`/admin/api/outbox/${list.json.messages[0].id}`, "orgAdmin");
    expect(one.status).toBe(200);
    expect(one.json.links).toEqual([{ text: "Avsluta", href: "https://example.org/unsubscribe/abc" }]);
    expect(one.json.headers).toContainEqual({
      name: "List-Unsubscribe",
      value: "<https://example.org/v3/subscription_list/unsubscribe/L/M>",
    });
  });

  it("serves the HTML under a policy of its own: no scripts, sandboxed, framed only by the dashboard, no Referer", async () => {
    const { id } = (await get("/admin/api/outbox", "orgAdmin")).json.messages[0];
    const html = await get(`/admin/api/outbox/${id}/html`, "orgAdmin");
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html.headers.get("content-security-policy")).toBe(
      "default-src 'none'; img-src data: http: https:; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'; " +
        "frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox",
    );
    expect(html.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(html.headers.get("referrer-policy")).toBe("no-referrer");
    expect(html.headers.get("cache-control")).toBe("no-store");
    expect(html.text).toContain('<head><base target="_blank"></head><body><p>Hej!</p>');
  });

  it("shows the Outbox in the menu and as a page", async () => {
    expect((await get("/admin", "orgAdmin")).text).toContain('href="/admin/outbox"');
    const page = await get("/admin/outbox", "orgAdmin");
    expect(page.status).toBe(200);
    expect(page.text).toContain("ingenting lämnar den här datorn");
  });

  it("answers a malformed id 400 and an unknown one 404, reading no other file", async () => {
    for (const id of ["..%2F..%2Fsecrets.json", "1764000000000-0123456789abcdef.eml", "x"]) {
      const refused = await get(`/admin/api/outbox/${id}`, "orgAdmin");
      expect(refused.status, id).toBe(400);
      expect(refused.json.errors).toHaveProperty("id");
    }
    const missing = await get("/admin/api/outbox/1764000000000-0123456789abcdef/html", "orgAdmin");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ reason: "message not found" });
    expect((await get("/admin/outbox/..%2F..%2Fsecrets.json", "orgAdmin")).status).toBe(404);
  });
});

describe("anyone else", () => {
  it("a club's ADMIN and a VIEWER of every company get 404 from every route and page, and no menu item", async () => {
    const { id } = (await get("/admin/api/outbox", "orgAdmin")).json.messages[0];
    for (const who of ["clubAdmin", "orgViewer"] as const) {
      for (const path of ["/admin/api/outbox", `/admin/api/outbox/${id}`, `/admin/api/outbox/${id}/html`]) {
        const refused = await get(path, who);
        expect(refused.status, `${who} ${path}`).toBe(404);
        expect(refused.json).toEqual({ reason: "not found" });
      }
      expect((await get("/admin/outbox", who)).status, who).toBe(404);
      expect((await get(`/admin/outbox/${id}`, who)).status, who).toBe(404);
      expect((await get("/admin", who)).text).not.toContain('href="/admin/outbox"');
    }
  });

  it("without a session: 401 from the routes", async () => {
    expect((await get("/admin/api/outbox")).status).toBe(401);
  });
});
