// The Outbox in Chromium: a newsletter sent to the embedded mail catcher (e2e/global-setup.ts starts it beside the
// server) is listed for an ADMIN of every company and opened: rendered in its sandboxed frame at desktop and phone
// width, its headers, its links (which open a new tab), its text, in Swedish and English at laptop and tablet width,
// with axe-core and no CSP complaint in the console. A club's ADMIN has no Outbox at all.
import crypto from "node:crypto";
import nodemailer from "nodemailer";
import { expect, test, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, screenshot, signIn, tablet, type AdminLogin } from "./admin-helpers";
import { cli } from "./helpers";

const laptop = { width: 1366, height: 900 };
test.use({ viewport: laptop, locale: "sv-SE" });

const stamp = crypto.randomBytes(3).toString("hex");
const subject = `Nyhetsbrev november ${stamp}`;

function sendNewsletter(baseURL: string) {
  const logo = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#1e3a8a"/><text x="10" y="26" fill="#fff" font-family="sans-serif" font-size="16">Skid-IF</text></svg>')}`;
  return nodemailer
    .createTransport({
      host: "127.0.0.1",
      port: Number(process.env.E2E_MAIL_CATCHER_PORT),
      secure: false,
      ignoreTLS: true,
    })
    .sendMail({
      from: { name: "Skid-IF", address: "utskick@example.org" },
      to: "anna.andersson@example.org",
      subject,
      messageId: `<sendout-${stamp}@example.org>`,
      headers: {
        "List-Unsubscribe": `<${baseURL}/v3/subscription_list/unsubscribe/${stamp}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      text: `Hej Anna!\n\nSäsongen börjar den 1 december.\n\nLäs mer: ${baseURL}/`,
      html:
        '<!doctype html><html lang="sv"><head><meta charset="utf-8"><title>Nyhetsbrev</title></head>' +
        '<body style="margin:0;font-family:sans-serif;background:#f1f5f9"><div style="max-width:560px;margin:0 auto;background:#fff;padding:24px">' +
        `<img src="${logo}" alt="Skid-IF" width="120" height="40"><h1 style="color:#1e3a8a">Hej Anna!</h1>` +
        "<p>Säsongen börjar den 1 december. Välkommen till spåren!</p>" +
        `<p><a href="${baseURL}/" style="display:inline-block;background:#1e3a8a;color:#fff;padding:10px 16px;text-decoration:none">Läs mer på webbplatsen</a></p>` +
        "</div></body></html>",
    });
}

/** A message whose HTML tries to run a script. */
function sendHostile() {
  return nodemailer
    .createTransport({
      host: "127.0.0.1",
      port: Number(process.env.E2E_MAIL_CATCHER_PORT),
      secure: false,
      ignoreTLS: true,
    })
    .sendMail({
      from: "angripare@example.org",
      to: "anna.andersson@example.org",
      subject: `Skript ${stamp}`,
      html: '<p>Hej</p><script>document.body.dataset.ran = "yes"</script><img src="x" onerror="document.body.dataset.ran = \'yes\'">',
    });
}

// A sandboxed frame without scripts cannot host axe-core (analysing it hangs); the message inside is the sender's.
const FRAME = '[data-testid="outbox-frame"]';

/** The Content-Security-Policy complaints the page or its frame logs from now on. Watched from after sign-in, and the
 * Outbox is reached through the menu: every dashboard page's first load logs two complaints of sonner's toaster,
 * which injects a <style> without the nonce (components/admin/providers.tsx, not this screen's). */
function watchCsp(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

test.describe("the Outbox", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let admin: AdminLogin;

  test.beforeAll(async ({ baseURL }) => {
    admin = createAdmin();
    await sendNewsletter(baseURL!);
  });

  test("lists the caught newsletter and shows it rendered, with its headers, links and text", async ({
    page,
    context,
  }) => {
    await signIn(page, admin);
    const csp = watchCsp(page);
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Utkorg" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Utkorg" })).toBeVisible();
    await expect(page.getByText("ingenting lämnar den här datorn")).toBeVisible();
    const row = page.getByTestId("outbox").getByRole("row").filter({ hasText: subject });
    await expect(row).toContainText("anna.andersson@example.org");
    await expect(row).toContainText("Skid-IF <utskick@example.org>");
    await expectAccessible(page);
    await screenshot(page, "admin-outbox");

    await row.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByTestId("outbox-notice")).toContainText("har inte skickats till mottagaren");
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByRole("heading", { name: "Hej Anna!" })).toBeVisible();
    await expect(frame.getByRole("img", { name: "Skid-IF" })).toBeVisible();

    const headers = page.getByTestId("outbox-headers");
    for (const name of ["From", "To", "Subject", "Date", "Message-ID", "List-Unsubscribe", "List-Unsubscribe-Post"]) {
      await expect(headers.getByRole("rowheader", { name, exact: true })).toBeVisible();
    }
    await expect(headers.getByRole("row", { name: /^List-Unsubscribe-Post/ })).toContainText(
      "List-Unsubscribe=One-Click",
    );
    await expect(page.getByTestId("outbox-links").getByRole("listitem")).toHaveCount(1);
    await expect(page.locator("pre")).toContainText("Säsongen börjar den 1 december.");
    await expectAccessible(page, FRAME);
    await screenshot(page, "admin-outbox-message");

    // A link in the list and the same link in the frame both open a new tab outside the dashboard.
    const [fromList] = await Promise.all([
      context.waitForEvent("page"),
      page.getByTestId("outbox-links").getByRole("link").click(),
    ]);
    await expect(fromList).toHaveURL(/\/$/);
    await fromList.close();
    const [fromFrame] = await Promise.all([
      context.waitForEvent("page"),
      frame.getByRole("link", { name: "Läs mer på webbplatsen" }).click(),
    ]);
    await expect(fromFrame).toHaveURL(/\/$/);
    await fromFrame.close();

    await page.getByRole("button", { name: "Mobil (390 px)" }).click();
    await expect(page.getByRole("button", { name: "Mobil (390 px)" })).toHaveAttribute("aria-pressed", "true");
    expect(Math.round((await page.getByTestId("outbox-frame").boundingBox())!.width)).toBe(392);
    await page.getByRole("button", { name: "Dator (600 px)" }).click();
    expect(Math.round((await page.getByTestId("outbox-frame").boundingBox())!.width)).toBe(602);
    expect(csp).toEqual([]);
  });

  test("reads in English at tablet width", async ({ page }) => {
    await page.setViewportSize(tablet);
    await signIn(page, admin);
    const csp = watchCsp(page);
    await page.getByRole("button", { name: "In English" }).click();
    await page.getByRole("link", { name: "Outbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
    await expect(page.getByText("nothing leaves this machine")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Headers" })).toBeVisible();
    await expect(page.getByTestId("outbox-notice")).toContainText("was not delivered to its recipient");
    await page.getByRole("button", { name: "Phone (390 px)" }).click();
    await expect(page.frameLocator(FRAME).getByRole("heading", { name: "Hej Anna!" })).toBeVisible();
    await expectAccessible(page, FRAME);
    await screenshot(page, "admin-outbox-message-tablet-en");
    await page.getByRole("button", { name: "På svenska" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Brevhuvud" })).toBeVisible();
    expect(csp).toEqual([]);
  });

  test("a message's scripts do not run: its frame is sandboxed (and its policy allows none)", async ({ page }) => {
    await sendHostile();
    await signIn(page, admin);
    const csp = watchCsp(page);
    await page.getByRole("link", { name: "Utkorg" }).click();
    await page.getByRole("link", { name: `Skript ${stamp}` }).click();
    const frame = page.frameLocator(FRAME);
    await expect(frame.getByText("Hej")).toBeVisible();
    await expect(frame.locator("body")).not.toHaveAttribute("data-ran", "yes");
    // The sandbox stops the script before the frame's policy would have to: not even a complaint in the console.
    expect(csp).toEqual([]);
  });

  test("a club's ADMIN has no Outbox: no menu item, and the page is not found", async ({ page }) => {
    const club = cli([
      "company:create",
      "--name",
      `Utkorgens IF ${stamp}`,
      "--org-number",
      `${crypto.randomInt(100000, 999999)}-${crypto.randomInt(1000, 9999)}`,
    ]) as {
      company_id: string;
    };
    await signIn(page, createAdmin({ scope: club.company_id }));
    await expect(
      page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Händelselogg" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Utkorg" })).toHaveCount(0);
    const response = await page.goto("/admin/outbox");
    expect(response?.status()).toBe(404);
    expect((await page.request.get("/admin/api/outbox")).status()).toBe(404);
  });
});
