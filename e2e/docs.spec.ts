// The API reference page in a real browser.
import { expect, test } from "@playwright/test";
import { expectAccessible } from "./admin-helpers";

test("/docs lists the token endpoints with their responses", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Förening service API");
  const basic = page.locator("article", { hasText: "/access/user/basic" });
  await expect(basic).toContainText("Exchange client credentials for a token pair");
  await expect(basic).toContainText("429");
  const refresh = page.locator("article", { hasText: "/access/user/oauth/refresh_token" });
  await expect(refresh).toContainText("RefreshTokenRequest");
  await page.getByRole("link", { name: "/v3/openapi.json" }).click();
  await expect(page).toHaveURL(/\/v3\/openapi\.json$/);
  expect(JSON.parse(await page.locator("body").innerText()).openapi).toBe("3.1.0");
});

// Prerendered at build time, the home page and /docs carried no nonce and their own CSP blocked every script they had
// (12 and 29 blocked).
for (const path of ["/", "/docs", "/no-such-page"]) {
  test(`${path} runs its scripts: no CSP violation in Chromium`, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Next's runtime ran (its inline scripts fill self.__next_f) and the browser reported nothing blocked.
    expect(await page.evaluate(() => "__next_f" in window)).toBe(true);
    expect(violations).toEqual([]);
  });
}

test("an unknown page answers a 404 in Swedish and English, readable at phone width", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Sidan finns inte" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("not-found-phone.png"), fullPage: true });
  await context.close();
});
