// The webhooks screen against the built server: an ADMIN adds a webhook pointing at a real receiver that verifies
// every signature with the standardwebhooks package, keeps the one-time secret (Escape does not close it), sends a
// test event and sees it delivered, sees a refused delivery with the receiver's answer and sends it again, pauses
// and enables the endpoint, takes a new secret and removes it; in Swedish at laptop width and English at tablet
// width. A reader sees without changing; staff without the module are kept out.
import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { startWebhookReceiver, type WebhookReceiver } from "../tests/webhook-receiver";
import { createAdmin, laptop, screenshot, signIn, tablet, type AdminLogin } from "./admin-helpers";
import { cli } from "./helpers";
import { checkPage, cspErrors } from "./sendout-stack";

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ viewport: laptop, locale: "sv-SE" });

const stamp = crypto.randomBytes(3).toString("hex");
let companyId: string;
let admin: AdminLogin;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  const digits = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  companyId = (
    cli([
      "company:create",
      "--name",
      `Webbkrok IF ${stamp}`,
      "--org-number",
      `${digits}-${crypto.randomInt(1000, 9999)}`,
    ]) as { company_id: string }
  ).company_id;
  admin = createAdmin();
  receiver = await startWebhookReceiver();
});

test.afterAll(async () => {
  await receiver?.stop();
});

async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

async function openScreen(page: Page) {
  await page
    .getByRole("navigation", { name: /Huvudmeny|Main menu/ })
    .getByRole("link", { name: "Webhooks" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await page.locator("#webhooks-company").selectOption(companyId);
  await page.waitForURL(`**/admin/webhooks?company_id=${companyId}`);
}

test("an ADMIN adds a webhook, keeps its secret, and its deliveries arrive signed, fail visibly and go out again", async ({
  page,
}) => {
  const csp = cspErrors(page);
  await signIn(page, admin);
  await openScreen(page);
  await expect(page.getByText("Föreningen har inga webhooks ännu.")).toBeVisible();

  // The form's own checks: an address that is not http(s), and no event.
  await page.getByRole("button", { name: "Lägg till webhook" }).click();
  const form = page.getByRole("dialog", { name: "Lägg till webhook" });
  await expect(form.getByLabel("Alla händelser")).toBeChecked();
  await form.getByLabel("Mottagarens adress (URL)").fill("ftp://kansliet.example/hooks");
  await form.getByLabel("Alla händelser").uncheck();
  await form.getByRole("button", { name: "Lägg till", exact: true }).click();
  await expect(form.getByLabel("Mottagarens adress (URL)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Välj minst en händelse.")).toBeVisible();

  await form.getByLabel("Mottagarens adress (URL)").fill(receiver.url);
  await form.getByLabel("Beskrivning").fill("Medlemssystemet på kansliet");
  await form.getByLabel("Ny prenumeration").check();
  await form.getByLabel("Avregistrering").check();
  await form.getByLabel("Ny medlem").check();
  await checkPage(page, csp);
  await screenshot(page, "admin-webhooks-form");
  await form.getByRole("button", { name: "Lägg till", exact: true }).click();

  // The secret, once: neither Escape nor a click outside makes it vanish.
  const secretDialog = page.getByTestId("webhook-secret-dialog");
  await expect(secretDialog).toBeVisible();
  const secret = (await page.getByTestId("webhook-secret").textContent())!;
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(secretDialog).toBeVisible();
  await toastsGone(page);
  await checkPage(page, csp);
  await screenshot(page, "admin-webhooks-secret");
  await secretDialog.getByRole("button", { name: "Jag har sparat hemligheten" }).click();
  await expect(secretDialog).toBeHidden();
  receiver.setSecret(secret);

  const card = page.getByTestId("webhook-endpoint");
  await expect(card.getByText(receiver.url)).toBeVisible();
  await expect(card.getByText("Aktiv", { exact: true })).toBeVisible();
  await expect(card.getByRole("list", { name: "Händelser" }).getByRole("listitem")).toHaveText([
    "Ny prenumeration",
    "Avregistrering",
    "Ny medlem",
  ]);

  // A test event reaches the receiver, verified with the secret, and the table shows the receiver's answer.
  await card.getByRole("button", { name: "Skicka testhändelse" }).click();
  const [first] = await receiver.waitForAccepted(1);
  expect(first).toMatchObject({ verified: true, body: { type: "webhook.test", data: { company_id: companyId } } });
  const table = page.getByTestId("webhook-deliveries-table");
  await expect(table.getByRole("row").nth(1)).toContainText("Levererad", { timeout: 15_000 });
  await expect(table.getByRole("row").nth(1)).toContainText("204");

  // The receiver refuses the next one: its answer shows, and "Skicka igen" sends the same message (same webhook-id).
  receiver.answerWith(500);
  await card.getByRole("button", { name: "Skicka testhändelse" }).click();
  await expect.poll(() => receiver.requests.length, { timeout: 15_000 }).toBe(2);
  const refused = receiver.requests[1];
  await expect(table.getByRole("row").nth(1)).toContainText("500", { timeout: 15_000 });
  receiver.answerWith(null);
  await table
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /Skicka igen: leverans \d+/ })
    .click();
  await expect.poll(() => receiver.accepted().some((r) => r.id === refused.id), { timeout: 20_000 }).toBe(true);
  await expect(table.getByRole("row").nth(1)).toContainText("Levererad", { timeout: 15_000 });

  // The details: every attempt with its answer, and the body sent.
  await table
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /Detaljer om leverans/ })
    .click();
  const details = page.getByTestId("webhook-delivery-details");
  await expect(details.getByText(refused.id)).toBeVisible();
  await expect(details.getByRole("listitem").first()).toContainText("500");
  await expect(details.locator("pre")).toContainText('"type": "webhook.test"');
  await toastsGone(page);
  await checkPage(page, csp);
  await screenshot(page, "admin-webhooks-delivery-details");
  await details.getByRole("button", { name: "Stäng" }).click();
  await checkPage(page, csp);
  await screenshot(page, "admin-webhooks");

  // Pausing asks first; enabling again needs no question.
  await card.getByRole("button", { name: "Pausa" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Pausa" }).click();
  await expect(card.getByText("Pausad", { exact: true })).toBeVisible();
  await expect(card.getByRole("button", { name: "Skicka testhändelse" })).toHaveCount(0);
  await card.getByRole("button", { name: "Aktivera" }).click();
  await expect(card.getByText("Aktiv", { exact: true })).toBeVisible();

  // A new secret, shown once; the next delivery is signed with it.
  await card.getByRole("button", { name: "Ny hemlighet" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Ny hemlighet" }).click();
  await expect(secretDialog).toBeVisible();
  const rotated = (await page.getByTestId("webhook-secret").textContent())!;
  expect(rotated).not.toBe(secret);
  await secretDialog.getByRole("button", { name: "Jag har sparat hemligheten" }).click();
  receiver.setSecret(rotated);
  const before = receiver.accepted().length;
  await card.getByRole("button", { name: "Skicka testhändelse" }).click();
  await receiver.waitForAccepted(before + 1);
  expect(receiver.requests.at(-1)!.verified).toBe(true);
  expect(csp).toEqual([]);
});

test("in English at tablet width, the same screen; a removed webhook is gone", async ({ page }) => {
  const csp = cspErrors(page);
  await page.setViewportSize(tablet);
  await signIn(page, admin);
  await page.getByRole("button", { name: "In English" }).click();
  await openScreen(page);
  const card = page.getByTestId("webhook-endpoint");
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Deliveries" }).click();
  await expect(page.getByTestId("webhook-deliveries-table").getByRole("row").nth(1)).toContainText("Delivered");
  await toastsGone(page);
  await checkPage(page, csp);
  await screenshot(page, "admin-webhooks-en-tablet");
  await card.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("dialog", { name: "Edit webhook" });
  await form.getByLabel("New member").uncheck();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("list", { name: "Events" }).getByRole("listitem")).toHaveText([
    "New subscription",
    "Unsubscribe",
  ]);
  await card.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("The company has no webhooks yet.")).toBeVisible();
  await page.getByRole("button", { name: "På svenska" }).click();
  expect(csp).toEqual([]);
});

test("a reader sees webhooks without changing them; staff without the module do not see the screen", async ({
  page,
}) => {
  const reader = createAdmin({ role: "VIEWER", scope: companyId, modules: "webhook", permissions: "" });
  await signIn(page, reader);
  await openScreen(page);
  await expect(page.getByTestId("read-only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Lägg till webhook" })).toHaveCount(0);
  await page.getByRole("button", { name: "Logga ut" }).click();

  const outsider = createAdmin({ role: "EDITOR", scope: companyId, modules: "company", permissions: "" });
  await signIn(page, outsider);
  await expect(page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Webhooks" })).toHaveCount(
    0,
  );
  await page.goto("/admin/webhooks");
  await expect(page.getByText("Din behörighet omfattar inte webhooks.")).toBeVisible();
});
