// The dashboard's side of consent on the hosted form: the list editor's "consent required" setting, and
// the subscribers table and export showing consent (given or not, and when) and the answers, with a link to the
// member. Swedish at 1366 px and English at 820 px, axe on each screen, screenshots committed
// (E2E_UPDATE_SCREENSHOTS=1).
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";

const wide = { width: 1366, height: 900 };

/** A club's list with a consent text and two questions, and two visitors: one gave consent and answered, one not. */
async function listWithSubscribers(request: APIRequestContext) {
  const stamp = `${Date.now()}${crypto.randomInt(100)}`;
  const company = cli([
    "company:create",
    "--name",
    `Samtyckesklubben ${stamp}`,
    "--org-number",
    `559805-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  const football = cli([
    "property:create",
    "--company",
    company.company_id,
    "--group",
    "Intressen",
    "--name",
    "Fotboll",
  ]) as { prop_id: number };
  const swimming = cli([
    "property:create",
    "--company",
    company.company_id,
    "--group",
    "Intressen",
    "--name",
    "Simning",
  ]) as { prop_id: number };
  const key = cli([
    "api-key:create",
    "--name",
    "e2e consent table",
    "--company",
    company.company_id,
    "--modules",
    "subscription_list",
  ]) as { client_id: string; client_secret: string };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const auth = {
    authorization: `Bearer ${(await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()).access_token}`,
  };
  const list = await (
    await request.post("/v3/subscription_list", {
      headers: auth,
      data: { name: `Samtyckeslistan ${stamp}`, company_id: company.company_id },
    })
  ).json();
  await request.put(`/v3/subscription_list/${list.id}`, {
    headers: auth,
    data: {
      term: { name: "Samtycke", html: "<p>Ni får spara min adress.</p>" },
      question_prop_ids: [football.prop_id, swimming.prop_id],
    },
  });
  const given = `med.samtycke.${stamp}@example.se`;
  const missing = `utan.samtycke.${stamp}@example.se`;
  // The /v3 endpoint keeps terms_accepted optional: the table must show who gave consent and who did not.
  expect(
    (
      await request.post(`/v3/subscription_list/public/${list.uuid}`, {
        data: { email: given, terms_accepted: true, answered_prop_ids: [swimming.prop_id] },
      })
    ).status(),
  ).toBe(201);
  expect((await request.post(`/v3/subscription_list/public/${list.uuid}`, { data: { email: missing } })).status()).toBe(
    201,
  );
  return { id: list.id as number, uuid: list.uuid as string, given, missing };
}

const rowOf = (page: Page, email: string) => page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });

test.describe("dashboard: consent on the hosted form", () => {
  test.slow();

  test("Swedish at 1366 px: the setting in the list editor; consent and answers in the table and the export", async ({
    browser,
    request,
  }) => {
    const list = await listWithSubscribers(request);
    const context = await browser.newContext({ viewport: wide, locale: "sv-SE" });
    const page = await context.newPage();
    await signIn(page, createAdmin());

    await page.goto(`/admin/lists/${list.id}`);
    const setting = page.getByRole("checkbox", { name: "Samtycke krävs i formuläret" });
    await expect(setting).toBeChecked(); // a new list requires it
    await expect(page.getByText("Besökaren måste kryssa i rutan under samtyckestexten")).toBeVisible();
    await setting.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshot(page, "admin-list-consent-setting");
    await setting.uncheck();
    await page.getByRole("button", { name: "Spara ändringarna" }).click();
    await expect(page.getByText("Ändringarna sparades.")).toBeVisible();
    expect((await (await page.request.get(`/admin/api/lists/${list.id}`)).json()).consent_required).toBe(false);
    const hosted = await context.newPage();
    await hosted.goto(`/subscribe/${list.uuid}`);
    await expect(hosted.getByRole("checkbox", { name: "Jag godkänner villkoren ovan (frivilligt)" })).toBeVisible();
    await page.reload();
    await expect(setting).not.toBeChecked();
    await setting.check();
    await page.getByRole("button", { name: "Spara ändringarna" }).click();
    await expect(page.getByText("Ändringarna sparades.")).toBeVisible();
    await hosted.reload();
    await expect(hosted.getByRole("checkbox", { name: "Jag godkänner villkoren ovan (obligatoriskt)" })).toBeVisible();
    await hosted.close();

    await page.goto(`/admin/lists/${list.id}/subscribers`);
    await expect(page.getByRole("columnheader", { name: "Samtycke" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Svar" })).toBeVisible();
    const given = rowOf(page, list.given);
    await expect(given).toContainText(/Ja, \d+ \S+ \d{4} \d{2}:\d{2}/);
    await expect(given).toContainText("Simning");
    const missing = rowOf(page, list.missing);
    await expect(missing).toContainText("Saknas");
    await expect(missing.getByRole("cell", { name: "–" })).toBeVisible();
    await missing.getByRole("link", { name: `Öppna medlemmen ${list.missing}` }).click();
    await page.waitForURL(/\/admin\/members\/\d+$/);
    await expect(page.getByText(list.missing).first()).toBeVisible();
    await page.goBack();
    await expect(rowOf(page, list.given)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "admin-list-subscribers-consent");
    await context.close();
  });

  test("English at 820 px: the setting, the table and the export in English", async ({ browser, request }) => {
    const list = await listWithSubscribers(request);
    const context = await browser.newContext({ viewport: tablet, locale: "en-GB" });
    const page = await context.newPage();
    await signIn(page, createAdmin());

    await page.goto(`/admin/lists/${list.id}`);
    const setting = page.getByRole("checkbox", { name: "Consent required on the form" });
    await expect(setting).toBeChecked();
    await setting.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshot(page, "admin-list-consent-setting-tablet-en");

    await page.goto(`/admin/lists/${list.id}/subscribers`);
    await expect(rowOf(page, list.given)).toContainText(/Yes, \d+ \S+ \d{4}/);
    await expect(rowOf(page, list.missing)).toContainText("Missing");
    await expectAccessible(page);
    await screenshot(page, "admin-list-subscribers-consent-tablet-en");

    // The download as the browser makes it (its Accept-Language is the staff member's language here).
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^subscribers-${list.id}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = fs
      .readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe(
      "Email;First name;Last name;Status;Source;Subscribed since;Unsubscribed;Consent;Consent given;Fotboll;Simning;Member id;Member uuid",
    );
    expect(lines.find((line) => line.startsWith(list.given))).toMatch(
      /;Subscribed;The form;.*;Yes;\d{4}-\d{2}-\d{2} \d{2}:\d{2};;Yes;/,
    );
    expect(lines.find((line) => line.startsWith(list.missing))).toMatch(/;No;;;;/);
    await context.close();
  });
});
