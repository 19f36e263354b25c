// The hosted subscribe and unsubscribe pages in Chromium at phone width, with and without JavaScript, checked
// against the database behind them. E2E_UPDATE_SCREENSHOTS=1 refreshes the committed e2e/screenshots/*.png.
import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectAccessible } from "./admin-helpers";
import { hmacSha256 } from "../lib/crypto";
import { cli } from "./helpers";

const HOSTILE_TERM =
  '<p>Jag godkänner att föreningen sparar mina uppgifter. <a href="https://example.org/integritet">Läs mer</a></p>' +
  '<img src="x" onerror="window.__pwned = 1"><script>window.__pwned = 2</script>' +
  '<a id="js-link" href="javascript:window.__pwned = 3">klicka</a><iframe src="https://evil.example/"></iframe>' +
  '<div style="position:fixed;inset:0;background:red;z-index:9999">overlay</div>';

const phone = { width: 390, height: 844 };
const swedishPhone = { viewport: phone, locale: "sv-SE" };

function database() {
  return new Database(process.env.E2E_DATABASE_URL!.slice("file:".length), { readonly: true });
}

async function screenshot(page: Page, name: string) {
  const file = process.env.E2E_UPDATE_SCREENSHOTS
    ? `e2e/screenshots/${name}.png`
    : test.info().outputPath(`${name}.png`);
  fs.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
}

/** The member of an address (the public subscribe's answer names none). */
function memberOf(email: string): { id: number; uuid: string } {
  const db = database();
  const member = db.prepare("SELECT id, uuid FROM Member WHERE email = ?").get(email) as { id: number; uuid: string };
  db.close();
  return member;
}

/** The preference page's token as a sendout's unsubscribe link carries it (?p=): modules/lists/services/unsubscribe-links.ts. */
function preferencesToken(memberUuid: string): string {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return `${memberUuid}.${expiresAt}.${hmacSha256(process.env.LINK_SIGNING_SECRET!, `preferences|${memberUuid}|${expiresAt}`)}`;
}

async function setUpList(request: APIRequestContext) {
  const stamp = Date.now();
  const company = cli([
    "company:create",
    "--name",
    "Hallonbergens IF",
    "--org-number",
    `802${stamp % 1000}-${stamp % 10000}`,
  ]) as { company_id: string };
  const football = cli([
    "property:create",
    "--company",
    company.company_id,
    "--group",
    "Intressen",
    "--name",
    "Fotboll",
    "--descr",
    "Matcher och träningar",
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
    "e2e lists",
    "--company",
    company.company_id,
    "--modules",
    "subscription_list",
  ]) as {
    client_id: string;
    client_secret: string;
  };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const tokenResponse = await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } });
  expect(tokenResponse.status(), await tokenResponse.text()).toBe(200);
  const { access_token } = await tokenResponse.json();
  const auth = { authorization: `Bearer ${access_token}` };
  const created = await (
    await request.post("/v3/subscription_list", {
      headers: auth,
      data: {
        name: "Klubbnytt",
        company_id: company.company_id,
        description: "Nyheter från klubben varje månad.",
        fields: ["firstname", "lastname"],
      },
    })
  ).json();
  const updated = await request.put(`/v3/subscription_list/${created.id}`, {
    headers: auth,
    data: { term: { name: "Samtycke", html: HOSTILE_TERM }, question_prop_ids: [football.prop_id, swimming.prop_id] },
  });
  expect(updated.status()).toBe(200);
  return {
    id: created.id as number,
    uuid: created.uuid as string,
    auth,
    football: football.prop_id,
    swimming: swimming.prop_id,
    termId: (await updated.json()).term.id as number,
  };
}

test.describe("hosted pages", () => {
  test("a visitor subscribes with JavaScript; member, properties and consent are stored; the consent text is inert", async ({
    browser,
    request,
  }) => {
    const list = await setUpList(request);
    const context = await browser.newContext(swedishPhone);
    const page = await context.newPage();
    const response = await page.goto(`/subscribe/${list.uuid}`);
    const csp = response!.headers()["content-security-policy"];
    const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // Every script the page carries has this request's nonce; nothing inline runs without it.
    const scripts = await page
      .locator("script")
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((value) => value === nonce)).toBe(true);

    await expect(page.getByRole("heading", { level: 1, name: "Klubbnytt" })).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("lang", "sv");
    // Hostile consent markup is gone or inert.
    const consent = page.locator(".consent-text");
    await expect(consent).toContainText("Jag godkänner");
    expect(await consent.locator("script, iframe, img, [onerror], [style]").count()).toBe(0);
    const jsLink = consent.getByText("klicka");
    expect(await jsLink.getAttribute("href")).toBeNull();
    await jsLink.click();
    await expect(consent.getByRole("link", { name: "Läs mer" })).toHaveAttribute(
      "href",
      "https://example.org/integritet",
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await screenshot(page, "subscribe-phone");
    await expectAccessible(page);

    // Client-side validation (react-hook-form + zod) before anything is sent.
    await page.getByLabel("E-postadress").fill("inte-en-adress");
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByText("Ange en giltig e-postadress")).toBeVisible();
    await expect(page.getByLabel("E-postadress")).toHaveAttribute("aria-invalid", "true");

    const email = `kim.${Date.now()}@example.se`;
    await page.getByLabel("E-postadress").fill(email);
    await page.getByLabel("Förnamn").fill("Kim");
    await page.getByLabel("Efternamn").fill("Karlsson");
    await page.getByLabel("Fotboll").check();
    await page.getByLabel("Jag godkänner villkoren ovan").check();
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByRole("status")).toContainText("Tack! Du prenumererar nu.");
    await expect(page.getByRole("status")).toContainText(email);
    await screenshot(page, "subscribe-success-phone");
    await expectAccessible(page);

    const db = database();
    const member = db.prepare("SELECT * FROM Member WHERE email = ?").get(email) as {
      id: number;
      firstname: string;
      lastname: string;
    };
    expect(member).toMatchObject({ firstname: "Kim", lastname: "Karlsson" });
    expect(db.prepare("SELECT propertyId FROM MemberProperty WHERE memberId = ?").all(member.id)).toEqual([
      { propertyId: list.football },
    ]);
    expect(db.prepare("SELECT termId, sourceListId FROM MemberConsent WHERE memberId = ?").all(member.id)).toEqual([
      { termId: list.termId, sourceListId: list.id },
    ]);
    expect(db.prepare("SELECT status, source FROM Subscription WHERE memberId = ?").get(member.id)).toEqual({
      status: "SUBSCRIBED",
      source: "PUBLIC_FORM",
    });
    db.close();
    await context.close();
  });

  test("the form works with JavaScript disabled, in English, with server-side errors", async ({ browser, request }) => {
    const list = await setUpList(request);
    const context = await browser.newContext({
      viewport: phone,
      javaScriptEnabled: false,
      locale: "en-GB",
      extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
    });
    const page = await context.newPage();
    await page.goto(`/subscribe/${list.uuid}`);
    await expect(page.locator("main")).toHaveAttribute("lang", "en");
    await page.getByLabel("Email address").fill("not-an-address");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please check the fields marked below.");
    await expect(page.getByText("Enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("not-an-address");

    const email = `nojs.${Date.now()}@example.se`;
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Simning").check();
    await page.getByLabel("I accept the terms above").check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you! You are subscribed.");

    const db = database();
    const member = db.prepare("SELECT id FROM Member WHERE email = ?").get(email) as { id: number };
    expect(db.prepare("SELECT propertyId FROM MemberProperty WHERE memberId = ?").all(member.id)).toEqual([
      { propertyId: list.swimming },
    ]);
    expect(db.prepare("SELECT COUNT(*) AS n FROM MemberConsent WHERE memberId = ?").get(member.id)).toEqual({ n: 1 });
    db.close();
    await context.close();
  });

  test("an unknown or inactive list is a proper 404 page; a full list says so", async ({ browser, request }) => {
    const context = await browser.newContext(swedishPhone);
    const page = await context.newPage();
    const unknown = await page.goto("/subscribe/00000000-0000-4000-8000-000000000000");
    expect(unknown!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Listan hittades inte" })).toBeVisible();

    const list = await setUpList(request);
    await request.put(`/v3/subscription_list/${list.id}`, { headers: list.auth, data: { subscriber_cap: 0 } });
    await page.goto(`/subscribe/${list.uuid}`);
    await page.getByLabel("E-postadress").fill(`full.${Date.now()}@example.se`);
    await page.getByLabel("Jag godkänner villkoren ovan").check(); // a new list requires consent on the form
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.locator("main").getByRole("alert")).toHaveText(
      "Listan tar inte emot fler prenumeranter just nu. Försök igen senare.",
    );

    await request.put(`/v3/subscription_list/${list.id}`, { headers: list.auth, data: { is_active: false } });
    const inactive = await page.goto(`/subscribe/${list.uuid}`);
    expect(inactive!.status()).toBe(404);
    await context.close();
  });

  test("a recipient unsubscribes through the confirmation page; showing the page changes nothing", async ({
    browser,
    request,
  }) => {
    const list = await setUpList(request);
    const email = `bye.${Date.now()}@example.se`;
    expect((await request.post(`/v3/subscription_list/public/${list.uuid}`, { data: { email } })).status()).toBe(201);
    const { id: member_id } = memberOf(email);
    const links = cli(["member:links", String(member_id)]) as {
      lists: { unsubscribe_url: string }[];
      global_opt_out_url: string;
    };
    const path = new URL(links.lists[0].unsubscribe_url).pathname;

    const context = await browser.newContext(swedishPhone);
    const page = await context.newPage();
    await page.goto(path); // the /v3 link from the sendout
    await expect(page).toHaveURL(/\/unsubscribe\/[0-9a-f-]+\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avsluta prenumeration");
    await expect(page.getByText("Du kommer inte längre att få utskick från listan Klubbnytt.")).toBeVisible();
    const db = database();
    const status = () =>
      (db.prepare("SELECT status FROM Subscription WHERE memberId = ?").get(member_id) as { status: string }).status;
    expect(status()).toBe("SUBSCRIBED");
    await screenshot(page, "unsubscribe-phone");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Avsluta prenumerationen" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Du har lämnat Klubbnytt");
    expect(status()).toBe("UNSUBSCRIBED");

    // The global opt-out link: a tampered token shows no button; the real one works (here without JavaScript).
    const optOut = new URL(links.global_opt_out_url);
    await page.goto(`${optOut.pathname}?token=1.tampered-token-value-123`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Länken fungerar inte");
    await expect(page.getByRole("button")).toHaveCount(0);
    const noJs = await browser.newContext({ ...swedishPhone, javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${optOut.pathname}${optOut.search}`);
    await plain.getByRole("button", { name: "Avregistrera mig från allt" }).click();
    await expect(plain.getByRole("status")).toContainText("Du får inga fler utskick från oss.");
    expect(
      (db.prepare("SELECT globalOptOutAt FROM Member WHERE id = ?").get(member_id) as { globalOptOutAt: unknown })
        .globalOptOutAt,
    ).not.toBeNull();
    db.close();
    await context.close();
    await noJs.close();
  });
  for (const lang of ["sv", "en"] as const) {
    test(`the unsubscribe page (${lang}) says where the person stands with the list, and keeps the way to the preference page`, async ({
      browser,
      request,
    }) => {
      const sv = lang === "sv";
      const list = await setUpList(request);
      const email = `steg.${lang}.${Date.now()}@example.se`;
      expect((await request.post(`/v3/subscription_list/public/${list.uuid}`, { data: { email } })).status()).toBe(201);
      const member = memberOf(email);
      const p = preferencesToken(member.uuid);
      const context = await browser.newContext({ viewport: phone, locale: sv ? "sv-SE" : "en-GB" });
      const page = await context.newPage();
      const heading = page.getByRole("heading", { level: 1 });
      const preferences = page.getByRole("link", {
        name: sv ? "Hantera alla dina prenumerationer" : "Manage all your subscriptions",
      });
      const status = () => {
        const db = database();
        const row = db.prepare("SELECT status FROM Subscription WHERE memberId = ?").get(member.id) as {
          status: string;
        };
        db.close();
        return row.status;
      };

      await page.goto(`/unsubscribe/${list.uuid}/${member.uuid}?lang=${lang}&p=${encodeURIComponent(p)}`);
      await expect(heading).toHaveText(sv ? "Avsluta prenumeration" : "Unsubscribe");
      await expect(preferences).toBeVisible();
      await page.getByRole("button", { name: sv ? "Avsluta prenumerationen" : "Unsubscribe" }).click();
      await expect(heading).toHaveText(sv ? "Du har lämnat Klubbnytt" : "You have left Klubbnytt");
      expect(status()).toBe("UNSUBSCRIBED");
      await expect(preferences).toBeVisible();
      await screenshot(page, `unsubscribe-left-phone-${lang}`);
      await expectAccessible(page);

      // Reopening the link: the same place, with the undo, not an offer to leave again.
      await page.reload();
      await expect(heading).toHaveText(sv ? "Du har lämnat Klubbnytt" : "You have left Klubbnytt");
      await expect(page.getByRole("button", { name: sv ? "Avsluta prenumerationen" : "Unsubscribe" })).toHaveCount(0);
      await page.getByRole("button", { name: sv ? "Prenumerera igen" : "Subscribe again" }).click();
      await expect(heading).toHaveText(
        sv ? "Du prenumererar igen på Klubbnytt" : "You are subscribed to Klubbnytt again",
      );
      expect(status()).toBe("SUBSCRIBED");
      await expect(preferences).toHaveAttribute("href", `/preferences/${p}?lang=${lang}`);
      await screenshot(page, `unsubscribe-undone-phone-${lang}`);
      await expectAccessible(page);
      await context.close();

      // Without JavaScript the page after the button is the same place.
      const noJs = await browser.newContext({
        viewport: phone,
        locale: sv ? "sv-SE" : "en-GB",
        javaScriptEnabled: false,
      });
      const plain = await noJs.newPage();
      await plain.goto(`/unsubscribe/${list.uuid}/${member.uuid}?lang=${lang}&p=${encodeURIComponent(p)}`);
      await plain.getByRole("button", { name: sv ? "Avsluta prenumerationen" : "Unsubscribe" }).click();
      await expect(plain.getByRole("heading", { level: 1 })).toHaveText(
        sv ? "Du har lämnat Klubbnytt" : "You have left Klubbnytt",
      );
      await expect(plain.getByRole("button", { name: sv ? "Prenumerera igen" : "Subscribe again" })).toBeVisible();
      expect(status()).toBe("UNSUBSCRIBED");
      await noJs.close();
    });
  }
});
