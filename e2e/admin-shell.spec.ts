// The dashboard's frame in Chromium: sign-in (refused and accepted), the overview with its chart, the language switch,
// sign-out, and the pages around it (home, the hosted pages) checked with axe-core.
import { expect, test } from "@playwright/test";
import { createAdmin, expectAccessible, laptop, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";

test.use({ viewport: laptop, locale: "sv-SE" });

test("a wrong password is refused with a clear message; the right one opens the overview", async ({ page }) => {
  const admin = createAdmin();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-login");

  await page.locator("#email").fill(admin.email);
  await page.locator("#password").fill("not-the-password");
  await page.locator("form:has(#email) button[type=submit]").click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText("Fel e-postadress eller lösenord.");
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.locator("#password").fill(admin.password);
  await page.locator("form:has(#email) button[type=submit]").click();
  await page.waitForURL("**/admin");
  await expect(page.getByRole("heading", { name: "Översikt" })).toBeVisible();
  await expect(page.getByText("Föreningar per fritidskortsstatus")).toBeVisible();
  await expect(page.getByRole("img", { name: /Prenumerationer och avslut per dag/ })).toBeVisible();
});

test("the overview counts, in Swedish and English, at laptop and tablet width; sign-out ends the session", async ({ page }) => {
  const admin = createAdmin();
  const stamp = Date.now();
  const company = cli(["company:create", "--name", "Översiktens IF", "--org-number", `803${stamp % 1000}-${stamp % 10000}`]) as { company_id: string };
  cli(["company:set-fk-status", company.company_id, "ACTIVE"]);
  await signIn(page, admin);
  await expect(page.getByText("Aktiva prenumeranter")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-overview");

  await page.getByRole("button", { name: "In English" }).click();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("Companies by leisure-card status")).toBeVisible();
  await page.setViewportSize(tablet);
  await expectAccessible(page);
  await screenshot(page, "admin-overview-tablet-en");
  await page.getByRole("button", { name: "På svenska" }).click();
  await expect(page.getByRole("heading", { name: "Översikt" })).toBeVisible();

  await page.getByRole("button", { name: "Logga ut" }).click();
  await expect(page.getByText("Du är utloggad.")).toBeVisible();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

// /docs: e2e/docs.spec.ts, once its reference has rendered.
test("home and the hosted pages have no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Logga in i administrationen" })).toBeVisible();
  await expectAccessible(page);

  const stamp = Date.now();
  const company = cli(["company:create", "--name", "Tillgängliga IF", "--org-number", `804${stamp % 1000}-${stamp % 10000}`]) as { company_id: string };
  const response = await page.request.get(`/v3/subscription_list/public/company/${company.company_id}`);
  expect(response.status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/subscribe/00000000-0000-4000-8000-000000000000");
  await expectAccessible(page);
  await page.goto("/unsubscribe/00000000-0000-4000-8000-000000000000/00000000-0000-4000-8000-000000000001");
  await expectAccessible(page);
  await page.goto("/unsubscribe/all/00000000-0000-4000-8000-000000000001?token=1.abc");
  await expectAccessible(page);
});

test("robots.txt keeps the dashboard and the hosted pages out of search engines; the favicon is served", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Disallow: /admin");
  expect(await robots.text()).toContain("Disallow: /subscribe/");
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
});

// next-auth's own sign-out page: its inline styles carry the nonce (else the CSP blocks them and it is unstyled), and
// its button is in the dashboard's blue (next-auth's default white on #1a7eff fails colour contrast).
test("next-auth's sign-out page is styled, logs no CSP error and passes axe, at phone width too", async ({ browser }) => {
  for (const width of [390, 1366]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/api/auth/signout");
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCSS("background-color", "rgb(30, 64, 175)");
    expect(violations).toEqual([]);
    await expectAccessible(page);
    await context.close();
  }
});

// sonner added its stylesheet as a <style> element without the nonce on every dashboard page's first load: two CSP
// errors per page (found with the Outbox, issue 18). Its CSS comes from sonner/dist/styles.css instead.
test("dashboard pages log no CSP error on a full load", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await signIn(page, createAdmin());
  for (const path of ["/admin", "/admin/companies", "/admin/lists", "/admin/members", "/admin/api-keys"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});
