// The API reference (/docs, Scalar) in a real browser: a new integrator gets a token and makes a first call from the
// page alone; the page asks nothing of another origin, logs no CSP error and passes axe.
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, screenshot } from "./admin-helpers";
import { cli } from "./helpers";

/** Records what a page must never do: log a CSP violation, or send a request to another origin. */
function watch(page: Page, origin: string) {
  const violations: string[] = [];
  const external: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("request", (request) => {
    if (!/^(data|blob|about):/.test(request.url()) && new URL(request.url()).origin !== origin)
      external.push(request.url());
  });
  return { violations, external };
}

/** The reference has rendered: its introduction (the getting-started guide) and the authentication panel. */
async function openReference(page: Page) {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "Förening service API" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
}

/** A field of Scalar's authentication panel, by its label (the code inputs are contenteditable). */
function authField(page: Page, label: string) {
  return page.locator("tr", { has: page.locator("label", { hasText: new RegExp(`^${label}$`) }) }).first();
}

/** Opens an operation from the sidebar (its group, then the operation); returns its section. */
async function openOperation(page: Page, group: string, summary: string) {
  await page.getByRole("link", { name: group, exact: true }).click();
  await page.getByRole("link", { name: summary }).click();
  return page.locator("section", { has: page.getByRole("heading", { name: summary }) }).first();
}

// Scalar renders the whole document in the browser, and axe reads all of it: on a machine shared with other work a
// scenario takes most of a minute.
test.describe.configure({ timeout: 120_000 });

function newApiKey(name: string) {
  const stamp = Date.now();
  const company = cli(["company:create", "--name", name, "--org-number", `805${stamp % 1000}-${stamp % 10000}`]) as {
    company_id: string;
  };
  const key = cli(["api-key:create", "--name", `docs ${stamp}`, "--company", company.company_id]) as {
    client_id: string;
    client_secret: string;
  };
  return { company, key };
}

test("a new integrator pastes client_id and client_secret, gets a token and calls GET /company in the console", async ({
  page,
  baseURL,
}) => {
  const { key } = newApiKey("Dokumenterade IF");
  const seen = watch(page, new URL(baseURL!).origin);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openReference(page);

  // The guide says where the key comes from; the console starts on OAuth 2.0 client credentials against this server.
  await expect(page.getByText("/admin/api-keys").first()).toBeVisible();
  await expect(page.getByText(`${new URL(baseURL!).origin}/v3`).first()).toBeVisible();
  await authField(page, "Client ID").locator("[contenteditable]").click();
  await page.keyboard.type(key.client_id);
  await authField(page, "Client Secret").locator("input").fill(key.client_secret);
  const tokenResponse = page.waitForResponse((r) => r.url().endsWith("/v3/access/user/basic"));
  await page.getByRole("button", { name: "Authorize" }).first().click();
  expect((await tokenResponse).status()).toBe(200);

  const operation = await openOperation(page, "Company", "Get your own company");
  await operation.getByRole("button", { name: /Test Request/ }).click();
  const call = page.waitForResponse((r) => r.url().endsWith("/v3/company") && r.request().method() === "GET");
  await page.getByRole("button", { name: /^Send/ }).first().click();
  const response = await call;
  expect(response.status()).toBe(200);
  expect(response.request().headers().authorization).toMatch(/^Bearer ey/);
  await expect(page.getByText('"Dokumenterade IF"').first()).toBeVisible();
  await screenshot(page, "docs-try-it", { fullPage: false });

  expect(seen.violations).toEqual([]);
  expect(seen.external).toEqual([]);
  cli(["api-key:revoke", key.client_id]);
});

test("/docs shows the guide and code samples in curl, JavaScript and Python, passes axe at laptop and phone width", async ({
  page,
  baseURL,
}) => {
  const seen = watch(page, new URL(baseURL!).origin);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openReference(page);
  for (const heading of [
    "1. Get an API key",
    "2. Get a token",
    "3. Make your first call",
    "4. Refresh",
    "Errors",
    "Pagination",
    "Rate limits",
    "Webhooks",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeAttached();
  }
  // Markdown is rendered, not shown raw.
  await expect(page.getByText("Authorization: Bearer <access_token>").first()).toBeVisible();
  await expect(page.getByText("`Authorization").first()).toHaveCount(0);

  await expectAccessible(page);
  await screenshot(page, "docs-laptop", { fullPage: false });

  // Each operation's code sample: curl by default, or JavaScript (fetch) or Python (requests); no other client.
  const operation = await openOperation(page, "Company", "Get your own company");
  await expect(operation.getByText("curl", { exact: true }).first()).toBeVisible();
  await operation.getByRole("button", { name: "Shell Curl" }).click();
  for (const client of ["Curl", "Fetch", "Requests"])
    await expect(page.getByText(client, { exact: true }).last()).toBeVisible();
  for (const client of ["Axios", "Wget", "HTTPie", "Undici", "Guzzle"])
    await expect(page.getByText(client, { exact: true })).toHaveCount(0);
  await page.getByText("Requests", { exact: true }).last().click();
  await expect(operation.getByText("requests.get", { exact: false }).first()).toBeVisible();
  // Scalar's own "Show more" button under a tag: its accessible name, Scalar's, does not hold its visible text.
  await expectAccessible(page, ".show-more");
  await screenshot(page, "docs-operation", { fullPage: false });

  // A second visit runs the script from the cache, before React hydrates the page: the reference must render still
  // (mounted inside React's markup, React replaced it with an empty element).
  await page.setViewportSize({ width: 390, height: 844 });
  await openReference(page);
  await expectAccessible(page);
  await screenshot(page, "docs-phone", { fullPage: false });
  expect(seen.violations).toEqual([]);
  expect(seen.external).toEqual([]);
});

test("the reference's script is this app's own: nonce on the page, versioned and kept a year", async ({
  page,
  request,
}) => {
  const response = await page.goto("/docs");
  const csp = response!.headers()["content-security-policy"];
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  expect(csp).toContain("style-src-attr 'unsafe-inline'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'; /);
  const src = await page.locator('script[src^="/docs/scalar.js"]').getAttribute("src");
  expect(await page.locator('script[src^="/docs/scalar.js"]').evaluate((s) => (s as HTMLScriptElement).nonce)).toBe(
    nonce,
  );
  const script = await request.get(src!);
  expect(script.status()).toBe(200);
  expect(script.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await script.text()).toContain("createApiReference");
  // An address without the current version is not kept.
  expect((await request.get("/docs/scalar.js")).headers()["cache-control"]).toBe("no-cache");
  // Other pages keep the common policy.
  expect((await request.get("/")).headers()["content-security-policy"]).not.toContain("style-src-attr");
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
