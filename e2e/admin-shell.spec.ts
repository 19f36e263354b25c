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

test("the overview counts, in Swedish and English, at laptop and tablet width; sign-out ends the session", async ({
  page,
}) => {
  const admin = createAdmin();
  const stamp = Date.now();
  const company = cli([
    "company:create",
    "--name",
    "Översiktens IF",
    "--org-number",
    `803${stamp % 1000}-${stamp % 10000}`,
  ]) as { company_id: string };
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

test("the main menu in four named groups, in Swedish and English, at laptop and tablet width, by keyboard; the overview counts members", async ({
  page,
}) => {
  const admin = createAdmin();
  await signIn(page, admin);
  const menu = page.getByRole("navigation", { name: "Huvudmeny" });
  const groups = {
    Kommunikation: ["Prenumerationslistor", "Utskick", "Spärrade adresser", "Utkorg"],
    Medlemskap: ["Medlemmar", "Evenemang", "Aktiviteter", "LOK-stöd", "Import"],
    Organisation: ["Föreningar", "Administratörer"],
    Inställningar: ["Webhooks", "API-nycklar", "Händelselogg", "Mitt konto"],
  };
  await expect(menu.getByRole("heading", { level: 2 })).toHaveText(Object.keys(groups));
  for (const [group, links] of Object.entries(groups)) {
    // Each group a list named by its heading, so a screen reader says which group a link is in.
    const list = menu.getByRole("list", { name: group });
    await expect(list.getByRole("link")).toHaveText(links.map((name) => new RegExp(`^${name}`)));
  }
  await expect(menu.getByRole("link", { name: "Översikt" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Medlemmar", { exact: true }).and(page.locator("dt"))).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-menu-laptop");

  // By keyboard: from the overview's link, Tab goes through the groups in reading order.
  await menu.getByRole("link", { name: "Översikt" }).focus();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Prenumerationslistor" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Utskick" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Utskick" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Utskick" })).toHaveAttribute("aria-current", "page");

  await page.setViewportSize(tablet);
  await page.getByRole("button", { name: "In English" }).click();
  const english = page.getByRole("navigation", { name: "Main menu" });
  await expect(english.getByRole("heading", { level: 2 })).toHaveText([
    "Communication",
    "Membership",
    "Organization",
    "Settings",
  ]);
  // Side by side above the page at tablet width: every group's heading on one row, nothing scrolled sideways.
  const tops = await english
    .getByRole("heading", { level: 2 })
    .evaluateAll((headings) => headings.map((h) => Math.round(h.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tablet.width);
  await expectAccessible(page);
  await screenshot(page, "admin-menu-tablet-en");
  await page.getByRole("button", { name: "På svenska" }).click();
  await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeVisible();
});

test("the company pickers start on the staff member's own organization, not the first club by name", async ({
  page,
}) => {
  const stamp = Date.now();
  const orgNumber = (n: number) => `8${String(stamp).slice(-5)}-${String(1000 + n)}`;
  const federation = cli(["company:create", "--name", `Ö-förbundet ${stamp}`, "--org-number", orgNumber(1)]) as {
    company_id: string;
  };
  cli([
    "company:create",
    "--name",
    `A-klubben ${stamp}`,
    "--org-number",
    orgNumber(2),
    "--parent",
    federation.company_id,
  ]);
  const staff = createAdmin({ scope: federation.company_id });
  await signIn(page, staff);
  for (const [path, picker] of [
    ["/admin/sendouts", "#sendouts-company"],
    ["/admin/webhooks", "#webhooks-company"],
    ["/admin/suppressions", "#suppressions-company"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(picker)).toHaveValue(federation.company_id);
  }
  await page.goto("/admin/lists");
  await page.getByRole("button", { name: "Ny lista" }).click();
  await expect(page.getByRole("dialog").getByLabel("Förening", { exact: true })).toHaveValue(federation.company_id);
});

// /docs: e2e/docs.spec.ts, once its reference has rendered.
test("home and the hosted pages have no serious accessibility violations", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Logga in i administrationen" })).toBeVisible();
  await expectAccessible(page);

  const stamp = Date.now();
  const company = cli([
    "company:create",
    "--name",
    "Tillgängliga IF",
    "--org-number",
    `804${stamp % 1000}-${stamp % 10000}`,
  ]) as { company_id: string };
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

test("robots.txt keeps the dashboard and the hosted pages out of search engines; the favicon is served", async ({
  request,
}) => {
  const robots = await request.get("/robots.txt");
  expect(await robots.text()).toContain("Disallow: /admin");
  expect(await robots.text()).toContain("Disallow: /subscribe/");
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
});

// next-auth's own sign-out page: its inline styles carry the nonce (else the CSP blocks them and it is unstyled), and
// its button is in the dashboard's blue (next-auth's default white on #1a7eff fails colour contrast).
test("next-auth's sign-out page is styled, logs no CSP error and passes axe, at phone width too", async ({
  browser,
}) => {
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
// errors per page (found with the Outbox). Its CSS comes from sonner/dist/styles.css instead.
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

/** A company with members, events, a list with a subscriber and a draft sendout, for the walks below. */
async function companyWithData(request: import("@playwright/test").APIRequestContext) {
  const stamp = `${Date.now()}`.slice(-6);
  const company = cli([
    "company:create",
    "--name",
    `Vandringens IF ${stamp}`,
    "--org-number",
    `805${stamp.slice(0, 3)}-${stamp.slice(2, 6)}`,
  ]) as { company_id: string };
  cli(["member:generate", "--company", company.company_id, "--members", "5", "--seed", "41"]);
  const key = cli([
    "api-key:create",
    "--name",
    "e2e walk",
    "--company",
    company.company_id,
    "--modules",
    "subscription_list,sendout",
    "--permissions",
    "SUBSCRIPTION_LIST.U,SENDOUT.U",
  ]) as {
    client_id: string;
    client_secret: string;
  };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const token = (
    await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()
  ).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const list = await (
    await request.post("/v3/subscription_list", {
      headers,
      data: { name: `Vandringslistan ${stamp}`, company_id: company.company_id },
    })
  ).json();
  const email = `vandrare.${stamp}@example.se`;
  expect((await request.post(`/v3/subscription_list/public/${list.uuid}`, { data: { email } })).status()).toBe(201);
  const sendout = await request.post("/v3/sendout", {
    headers,
    data: { company_id: company.company_id, list_ids: [list.id], subject: "Hej", html: "<p>Hej</p>" },
  });
  expect(sendout.status()).toBe(201);
  return { companyId: company.company_id, listId: list.id as number, email };
}

// Every dashboard page logged CSP errors for inline styles. Every kind of page, the object pages included
// (each opened from its list), at laptop width, must log none.
test("no dashboard page logs a CSP error at 1366 px, object pages included", async ({ page, request }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const { companyId, listId } = await companyWithData(request);
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to apply/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`);
  });
  await signIn(page, createAdmin());
  const visit = async (path: string) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  };
  const lists = [
    "/admin",
    "/admin/companies",
    "/admin/lists",
    "/admin/members",
    `/admin/events?company_id=${companyId}`,
    `/admin/sendouts?company_id=${companyId}`,
    `/admin/suppressions?company_id=${companyId}`,
    `/admin/webhooks?company_id=${companyId}`,
    "/admin/api-keys",
    "/admin/users",
    "/admin/audit",
    "/admin/outbox",
  ];
  for (const path of lists) {
    await visit(path);
    // The first object the page links to (a company, list, member, event, sendout, message), opened too.
    const area = path.split("?")[0];
    if (
      ![
        "/admin/companies",
        "/admin/lists",
        "/admin/members",
        "/admin/events",
        "/admin/sendouts",
        "/admin/outbox",
      ].includes(area)
    )
      continue;
    const hrefs = await page
      .locator(`main a[href^="${area}/"]`)
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    const object = hrefs.find((href) => new RegExp(`^${area}/[^/?#]+$`).test(href) && !href.endsWith("/new"));
    if (object) await visit(object);
  }
  for (const path of [
    "/admin/members/new",
    `/admin/sendouts/new?company_id=${companyId}`,
    `/admin/lists/${listId}/subscribers`,
  ])
    await visit(path);
  expect(violations).toEqual([]);
});

// Subscribers showed UTC ("01:11") while the rest showed Swedish time. Whatever the browser's zone, every
// time the dashboard shows is Swedish time: the subscribers table, and every <time> on the walked pages.
test("times are in Swedish time in every table, whatever the browser's zone", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { listId, email } = await companyWithData(request);
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: "sv-SE",
    timezoneId: "Asia/Tokyo",
  });
  const page = await context.newPage();
  await signIn(page, createAdmin());
  const stockholm = (iso: string) =>
    new Intl.DateTimeFormat("sv-SE", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Stockholm" }).format(
      new Date(iso),
    );
  const page1 = (await (await page.request.get(`/admin/api/lists/${listId}/subscribers?limit=10`)).json()) as {
    subscribers: { email: string; subscribed_at: string }[];
  };
  const subscribedAt = page1.subscribers.find((s) => s.email === email)!.subscribed_at;
  await page.goto(`/admin/lists/${listId}/subscribers`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(stockholm(subscribedAt));

  for (const path of ["/admin/audit", "/admin/outbox", "/admin/api-keys", "/admin/users"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const times = await page
      .locator("main time[datetime]")
      .evaluateAll((nodes) => nodes.map((n) => ({ at: n.getAttribute("datetime")!, text: n.textContent ?? "" })));
    for (const { at, text } of times.filter((t) => /T\d{2}:\d{2}/.test(t.at) && /\d{2}:\d{2}/.test(t.text))) {
      expect(text, `${path}: ${at}`).toContain(stockholm(at).slice(-5));
    }
  }
  await context.close();
});

// Once the overview stayed on "Laddar…" after a 401 on its data request right after sign-in. A 401 is asked
// once more (the session cookie may not have been there yet); a second one leads to the sign-in page.
test("a 401 on a data request is retried once, then leads to the sign-in page, never an endless Loading", async ({
  page,
}) => {
  await signIn(page, createAdmin());
  // One 401 (the cookie race), then the real answer: the overview shows its counts.
  let refused = 0;
  await page.route("**/admin/api/overview", async (route) => {
    if (refused++ === 0)
      return route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ reason: "not signed in" }),
      });
    return route.continue();
  });
  await page.goto("/admin");
  await expect(page.getByText("Aktiva prenumeranter")).toBeVisible();
  expect(refused).toBeGreaterThanOrEqual(2);
  await page.unroute("**/admin/api/overview");

  // The session gone between the page and its data request (signed out in another tab): every read is refused, and
  // the screen goes to the sign-in page instead of spinning or showing an error that retrying cannot cure.
  await page.route("**/admin/api/overview", async (route) => {
    await page.context().clearCookies();
    await route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ reason: "not signed in" }),
    });
  });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Logga in" })).toBeVisible();
});
