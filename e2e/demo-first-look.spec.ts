// What a new user meets on a fresh clone: the demo seeded on an empty database (a server and a database of its own,
// DEMO_SEED on), signed in as the demo's admin. The overview counts the members and charts the newsletter's last 30
// days, the sendouts screen starts on the federation and shows the sent sendout with its figures, and a first sendout
// to "Förbundsnytt" has recipients (before, the list had none and sending was refused).
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { startTestStack } from "../scripts/lib/test-stack";
import { expectAccessible, screenshot } from "./admin-helpers";

test.use({ viewport: { width: 1366, height: 900 }, locale: "sv-SE" });
test.describe.configure({ mode: "serial" });

let stack: Awaited<ReturnType<typeof startTestStack>>;
let login: { email: string; password: string };
let leaderLogin: { email: string; password: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const started = Date.now();
  stack = await startTestStack({ provider: "sqlite", env: { DEMO_SEED: "true", LOG_LEVEL: "info" } });
  const file = /"credentials_file":"([^"]+)"/.exec(stack.log())?.[1];
  const banner = fs.readFileSync(file!, "utf8");
  fs.rmSync(file!);
  login = {
    email: /email (\S+)/.exec(banner)![1],
    password: /password (\S+)\)/.exec(banner)?.[1] ?? /password (\S+)/.exec(banner)![1],
  };
  const leader = /Leader \(phone\): \S+ {2}\(email (\S+) {2}password (\S+)\)/.exec(banner)!;
  leaderLogin = { email: leader[1], password: leader[2] };
  // Seeding runs on every fresh start: the newsletter's history must not make it slow.
  expect(Date.now() - started).toBeLessThan(120_000);
});

test.afterAll(async () => {
  await stack?.stop();
});

test("the demo shows a sent sendout with figures, members on the overview, and a first sendout has recipients", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${stack.baseUrl}/admin/login`);
  await page.locator("#email").fill(login.email);
  await page.locator("#password").fill(login.password);
  await page.locator("form:has(#email) button[type=submit]").click();
  await page.waitForURL("**/admin");
  const members = page
    .locator("dt", { hasText: /^Medlemmar$/ })
    .locator("xpath=..")
    .locator("dd");
  await expect(members).toHaveText("300");
  await expect(
    page
      .locator("dt", { hasText: /^Aktiva prenumeranter$/ })
      .locator("xpath=..")
      .locator("dd"),
  ).not.toHaveText("0");
  await page.getByText("Visa siffrorna som tabell").click();
  const days = await page.locator("details table tbody tr td:nth-child(2)").allTextContents();
  expect(days.some((n) => Number(n) > 0)).toBe(true);
  await expectAccessible(page);
  await screenshot(page, "demo-overview");

  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Utskick" }).click();
  await expect(page.locator("#sendouts-company")).toHaveValue(
    (await page
      .locator("#sendouts-company option", { hasText: "Svenska Föreningsförbundet (demo)" })
      .getAttribute("value")) ?? "none",
  );
  const row = page.getByRole("table", { name: "Utskick" }).getByRole("row", { name: /Förbundsnytt: höstens kurser/ });
  await expect(row).toContainText("Skickat");
  await screenshot(page, "demo-sendouts");
  await row.getByRole("link").first().click();
  const figures = page.getByTestId("sendout-figures");
  await expect(figures).toContainText(/Skickade\s*[1-9]/);
  await expect(figures).toContainText(/Studsade\s*[1-9]/);
  await expect(page.getByTestId("sendout-preview-from")).toHaveText(
    "Från: Svenska Föreningsförbundet (demo) <no-reply@localhost>",
  );
  // The preview's frame has no scripts (its sandbox): axe cannot run inside it, and the message is checked on its own
  // (e2e/sendout-mail.spec.ts).
  await expectAccessible(page, "[data-testid=sendout-preview-frame]");
  await screenshot(page, "demo-sendout");

  await page.goto(`${stack.baseUrl}/admin/sendouts`);
  await page.getByRole("link", { name: "Nytt utskick" }).click();
  await page.getByLabel("Ämne").fill("Välkommen till hösten");
  await page.getByLabel("Förbundsnytt").check();
  await page.getByRole("textbox", { name: "Meddelande" }).click();
  await page.keyboard.type("Hej {{firstname|vän}}!");
  await page.getByRole("button", { name: "Spara utkast" }).click();
  await expect(page).toHaveURL(/\/admin\/sendouts\/\d+$/);
  await expect(page.getByTestId("recipient-count")).toHaveText(
    /^[1-9]\d* mottagare \(0 har avslutat alla utskick, [1-9]\d* spärrade adresser\)$/,
  );
});

test("the demo's leader signs in on a phone to the judo group's attendance", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${stack.baseUrl}/admin/login`);
  await page.locator("#email").fill(leaderLogin.email);
  await page.locator("#password").fill(leaderLogin.password);
  await page.locator("form:has(#email) button[type=submit]").click();
  await page.waitForURL("**/admin/leader");
  await expect(page.getByRole("heading", { level: 1, name: "Närvaro" })).toBeVisible();
  // Today's occasion on a Tuesday, the next ones on other days.
  await expect(page.getByRole("region", { name: "Judo 7-17 år" }).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "demo-leader-attendance");
});
