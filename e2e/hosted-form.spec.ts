// The hosted subscribe form as a visitor on a phone meets it (390 px, Swedish and English, with and without
// JavaScript), for the defects a new user met: consent required where the list asks for it, who runs the list, the
// texts staff wrote (consent heading, question group), the contract's limits in the markup, an error that does not
// move the page under a tap, ticked boxes kept after a server error, a long address inside the card. axe, no CSP
// complaint, screenshots (E2E_UPDATE_SCREENSHOTS=1 refreshes the committed e2e/screenshots/*.png).
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectAccessible, expectAccessibleAsServed, screenshot } from "./admin-helpers";
import { cli } from "./helpers";

const phone = { width: 390, height: 844 };
const TERM = "<p>Jag godkänner att Hallonbergens IF sparar min e-postadress för nyhetsbrevet.</p>";

function database() {
  return new Database(process.env.E2E_DATABASE_URL!.slice("file:".length), { readonly: true });
}

const memberCount = (email: string) => {
  const db = database();
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM Member WHERE email = ?").get(email) as { n: number };
  db.close();
  return n;
};

/** A club with contact details, a question group with its text, and a list with a consent text (made over the API). */
async function setUpList(request: APIRequestContext) {
  const company = cli([
    "company:create",
    "--name",
    "Hallonbergens IF",
    "--org-number",
    `559804-${crypto.randomInt(1000, 9999)}`,
    "--email",
    "kansli@hallonbergensif.example",
    "--web",
    "hallonbergensif.example",
  ]) as { company_id: string };
  const property = (name: string) =>
    cli([
      "property:create",
      "--company",
      company.company_id,
      "--group",
      "Intressen",
      "--group-descr",
      "Vad vill du få nyheter om?",
      "--name",
      name,
    ]) as { prop_id: number };
  const football = property("Fotboll");
  const swimming = property("Simning");
  const key = cli([
    "api-key:create",
    "--name",
    "e2e form",
    "--company",
    company.company_id,
    "--modules",
    "subscription_list",
  ]) as { client_id: string; client_secret: string };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const tokens = await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } });
  expect(tokens.status(), await tokens.text()).toBe(200);
  const auth = { authorization: `Bearer ${(await tokens.json()).access_token}` };
  const created = await request.post("/v3/subscription_list", {
    headers: auth,
    data: { name: "Klubbnytt", company_id: company.company_id, fields: ["firstname"] },
  });
  expect(created.status()).toBe(201);
  const list = await created.json();
  expect(list.consent_required).toBe(true); // a new list asks for consent
  const updated = await request.put(`/v3/subscription_list/${list.id}`, {
    headers: auth,
    data: {
      term: { name: "Samtycke till nyhetsbrev", html: TERM },
      question_prop_ids: [football.prop_id, swimming.prop_id],
    },
  });
  expect(updated.status()).toBe(200);
  return { id: list.id as number, uuid: list.uuid as string, auth };
}

/** Content-Security-Policy complaints the page logs from now on. */
function watchCsp(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

async function phonePage(browser: Browser, lang: "sv" | "en", javaScriptEnabled = true, viewport = phone) {
  // A phone: touch, so a tap is a tap.
  const context = await browser.newContext({
    viewport,
    hasTouch: viewport === phone,
    javaScriptEnabled,
    locale: lang === "sv" ? "sv-SE" : "en-GB",
  });
  const page = await context.newPage();
  return { context, page, csp: watchCsp(page) };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("the hosted form", () => {
  test.slow();

  test("Swedish with JavaScript: who runs the list, what staff wrote, the limits; consent is required and said so", async ({
    browser,
    request,
  }) => {
    const list = await setUpList(request);
    const { context, page, csp } = await phonePage(browser, "sv");
    await page.goto(`/subscribe/${list.uuid}`);
    const main = page.locator("main");
    await expect(main.getByText("Hallonbergens IF", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Klubbnytt" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Intressen" })).toBeVisible();
    await expect(page.getByText("Vad vill du få nyheter om?")).toBeVisible();
    await expect(page.getByText("Frågor", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 2, name: "Samtycke till nyhetsbrev" })).toBeVisible();
    const sender = page.getByRole("region", { name: "Avsändare" });
    await expect(sender).toContainText("Listan drivs av Hallonbergens IF.");
    await expect(sender.getByRole("link", { name: "kansli@hallonbergensif.example" })).toHaveAttribute(
      "href",
      "mailto:kansli@hallonbergensif.example",
    );
    await expect(sender.getByRole("link", { name: "hallonbergensif.example", exact: true })).toHaveAttribute(
      "href",
      "https://hallonbergensif.example/",
    );
    await expect(page.getByLabel("E-postadress")).toHaveAttribute("maxlength", "254");
    await expect(page.getByLabel("Förnamn")).toHaveAttribute("maxlength", "128");
    const consent = page.getByRole("checkbox", { name: "Jag godkänner villkoren ovan (obligatoriskt)" });
    await expect(consent).toBeVisible();

    const email = `utan.samtycke.${Date.now()}@example.se`;
    await page.getByLabel("E-postadress").fill(email);
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByText("Kryssa i rutan för att godkänna villkoren.")).toBeVisible();
    await expect(consent).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("status")).toHaveCount(0);
    expect(memberCount(email)).toBe(0);
    await screenshot(page, "subscribe-consent-required-phone-sv");
    await expectAccessible(page);

    await consent.check();
    await expect(page.getByText("Kryssa i rutan för att godkänna villkoren.")).toHaveCount(0);
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByRole("status")).toContainText("Tack! Du prenumererar nu.");
    await expect(page.getByRole("status")).toContainText("Utskicken kommer från Hallonbergens IF.");
    const db = database();
    expect(
      db
        .prepare("SELECT COUNT(*) AS n FROM MemberConsent c JOIN Member m ON m.id = c.memberId WHERE m.email = ?")
        .get(email),
    ).toEqual({ n: 1 });
    db.close();
    expect(csp).toEqual([]);
    await context.close();
  });

  test("a mistyped address, then a tap on a checkbox: the box is ticked, nothing moved; the error comes on submit", async ({
    browser,
    request,
  }) => {
    const list = await setUpList(request);
    const { context, page, csp } = await phonePage(browser, "sv");
    await page.goto(`/subscribe/${list.uuid}`);
    const football = page.getByRole("checkbox", { name: "Fotboll" });
    const consent = page.getByRole("checkbox", { name: /Jag godkänner villkoren ovan/ });
    await page.getByLabel("E-postadress").fill("kim@");
    const before = await consent.boundingBox();
    await consent.tap();
    await expect(consent).toBeChecked();
    expect(await consent.boundingBox()).toEqual(before);
    await football.click();
    await expect(football).toBeChecked();
    await expect(page.getByText("Ange en giltig e-postadress")).toHaveCount(0);

    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByText("Ange en giltig e-postadress")).toBeVisible();
    await expect(consent).toBeChecked();
    await expect(football).toBeChecked();
    // After a submit the error follows the typing.
    await page.getByLabel("E-postadress").fill(`kim.${Date.now()}@example.se`);
    await expect(page.getByText("Ange en giltig e-postadress")).toHaveCount(0);
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByRole("status")).toContainText("Tack! Du prenumererar nu.");
    expect(csp).toEqual([]);
    await context.close();
  });

  test("English: a long address stays inside the confirmation card at 390 px", async ({ browser, request }) => {
    const list = await setUpList(request);
    const { context, page, csp } = await phonePage(browser, "en");
    await page.goto(`/subscribe/${list.uuid}`);
    await expect(page.getByRole("checkbox", { name: "I accept the terms above (required)" })).toBeVisible();
    const email = `forsta.efternamn.med.ett.mycket.langt.namn.${Date.now()}@exempel-foreningen-med-ett-valdigt-langt-namn.underavdelning.example.se`;
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("I accept the terms above").check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you! You are subscribed.");
    await expect(page.getByRole("status")).toContainText(email);
    await expect(page.getByRole("status")).toContainText("The sendouts come from Hallonbergens IF.");
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, "subscribe-success-long-phone-en");
    await expectAccessible(page);
    expect(csp).toEqual([]);
    await context.close();
  });

  test("without JavaScript, English: a server error keeps what was ticked; missing consent is said under the box", async ({
    browser,
    request,
  }) => {
    const list = await setUpList(request);
    const { context, page, csp } = await phonePage(browser, "en", false);
    await page.goto(`/subscribe/${list.uuid}?lang=en`);
    await page.getByLabel("Email address").fill("not-an-address");
    await page.getByLabel("First name").fill("Kim");
    await page.getByLabel("Simning").check();
    await page.getByLabel("I accept the terms above").check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please check the fields marked below.");
    await expect(page.getByLabel("Email address")).toHaveValue("not-an-address");
    await expect(page.getByLabel("First name")).toHaveValue("Kim");
    await expect(page.getByLabel("Simning")).toBeChecked();
    await expect(page.getByLabel("Fotboll")).not.toBeChecked();
    await expect(page.getByLabel("I accept the terms above")).toBeChecked();

    const email = `nojs.${Date.now()}@example.se`;
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("I accept the terms above").uncheck();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByText("Tick the box to accept the terms. Without your consent we cannot add you to the list."),
    ).toBeVisible();
    await expect(page.getByLabel("I accept the terms above")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Simning")).toBeChecked();
    expect(memberCount(email)).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, "subscribe-nojs-consent-error-phone-en");

    await page.getByLabel("I accept the terms above").check();
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you! You are subscribed.");
    const db = database();
    const member = db.prepare("SELECT id FROM Member WHERE email = ?").get(email) as { id: number };
    expect(db.prepare("SELECT COUNT(*) AS n FROM MemberConsent WHERE memberId = ?").get(member.id)).toEqual({ n: 1 });
    expect(db.prepare("SELECT COUNT(*) AS n FROM MemberProperty WHERE memberId = ?").get(member.id)).toEqual({ n: 1 });
    db.close();
    expect(csp).toEqual([]);
    await context.close();
  });

  test("without JavaScript, Swedish: the consent error in Swedish; a list that does not require it says the box is optional", async ({
    browser,
    request,
  }) => {
    const list = await setUpList(request);
    const { context, page, csp } = await phonePage(browser, "sv", false);
    await page.goto(`/subscribe/${list.uuid}`);
    await page.getByLabel("E-postadress").fill(`nojs.sv.${Date.now()}@example.se`);
    await page.getByLabel("Fotboll").check();
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByText("Kryssa i rutan för att godkänna villkoren.")).toBeVisible();
    await expect(page.getByLabel("Fotboll")).toBeChecked();
    await screenshot(page, "subscribe-nojs-consent-error-phone-sv");

    expect(
      (
        await request.put(`/v3/subscription_list/${list.id}`, { headers: list.auth, data: { consent_required: false } })
      ).status(),
    ).toBe(200);
    await page.goto(`/subscribe/${list.uuid}`);
    await expect(page.getByRole("checkbox", { name: "Jag godkänner villkoren ovan (frivilligt)" })).toBeVisible();
    // A long address, without JavaScript: the confirmation still fits the phone.
    const email = `frivillig.prenumerant.med.en.lang.adress.${Date.now()}@kansliet.hallonbergens-idrottsforening.example.se`;
    await page.getByLabel("E-postadress").fill(email);
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByRole("status")).toContainText("Tack! Du prenumererar nu.");
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await screenshot(page, "subscribe-nojs-success-long-phone-sv");
    expect(memberCount(email)).toBe(1);
    expect(csp).toEqual([]);
    await context.close();
  });

  // The three defects once more in one walk through each language, each width (a phone and a laptop) and each way of
  // posting (with and without JavaScript): Swedish on a phone with JavaScript, English on a laptop without. Consent
  // required and said so; a mistyped address then ticks: the boxes stay ticked after the error; a long address inside
  // the confirmation.
  const formTexts = {
    sv: {
      email: "E-postadress",
      subscribe: "Prenumerera",
      consent: "Jag godkänner villkoren ovan",
      consentError: "Kryssa i rutan för att godkänna villkoren.",
      thanks: "Tack! Du prenumererar nu.",
    },
    en: {
      email: "Email address",
      subscribe: "Subscribe",
      consent: "I accept the terms above",
      consentError: "Tick the box to accept the terms.",
      thanks: "Thank you! You are subscribed.",
    },
  };
  const walks = [
    { lang: "sv", viewport: phone, javaScript: true },
    { lang: "en", viewport: { width: 1366, height: 900 }, javaScript: false },
  ] as const;
  for (const { lang, viewport, javaScript } of walks) {
    const name = `${lang}-${viewport.width}-${javaScript ? "js" : "nojs"}`;
    test(`consent required, an error then a tick, a long address: ${lang} at ${viewport.width} px ${javaScript ? "with" : "without"} JavaScript`, async ({
      browser,
      request,
    }) => {
      const t = formTexts[lang];
      const list = await setUpList(request);
      const { context, page, csp } = await phonePage(browser, lang, javaScript, viewport);
      await page.goto(`/subscribe/${list.uuid}?lang=${lang}`);
      const consent = page.getByRole("checkbox", { name: new RegExp(t.consent) });
      const football = page.getByRole("checkbox", { name: "Fotboll" });
      const subscribe = page.getByRole("button", { name: t.subscribe });

      // Consent is required: without the tick nothing is stored, and the box says why.
      const email = `${lang}.${javaScript ? "js" : "nojs"}.forsta.efternamn.med.ett.mycket.langt.namn.${Date.now()}@exempel-foreningen-med-ett-valdigt-langt-namn.example.se`;
      await page.getByLabel(t.email).fill(email);
      await subscribe.click();
      await expect(page.getByText(t.consentError)).toBeVisible();
      await expect(page.getByRole("checkbox", { name: new RegExp(t.consent) })).toHaveAttribute("aria-invalid", "true");
      expect(memberCount(email)).toBe(0);

      // A mistyped address, then ticks: the error comes on submit and the ticks survive it.
      await page.getByLabel(t.email).fill("kim@");
      await consent.check();
      await football.check();
      await subscribe.click();
      await expect(page.getByLabel(t.email)).toHaveAttribute("aria-invalid", "true");
      await expect(consent).toBeChecked();
      await expect(football).toBeChecked();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await (javaScript ? expectAccessible(page) : expectAccessibleAsServed(page));
      await screenshot(page, `subscribe-walk-error-${name}`);

      // The long address: subscribed, and the confirmation fits the window.
      await page.getByLabel(t.email).fill(email);
      await subscribe.click();
      await expect(page.getByRole("status")).toContainText(t.thanks);
      await expect(page.getByRole("status")).toContainText(email);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(memberCount(email)).toBe(1);
      await (javaScript ? expectAccessible(page) : expectAccessibleAsServed(page));
      await screenshot(page, `subscribe-walk-done-${name}`);
      expect(csp).toEqual([]);
      await context.close();
    });
  }
});
