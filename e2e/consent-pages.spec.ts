// The double opt-in confirmation page and the preference page in Chromium at phone width (390 px), Swedish and
// English, with axe, checked against the database behind them. E2E_UPDATE_SCREENSHOTS=1 refreshes the committed
// e2e/screenshots/*.png. The signed links are made here as the service makes them (modules/lists/services/unsubscribe-links.ts:
// `<subject>.<expiry>.<HMAC of "purpose|subject|expiry">`), because the messages that carry them go to a mail server
// this browser test cannot read.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { hmacSha256 } from "../lib/crypto";
import { expectAccessible, screenshot } from "./admin-helpers";
import { cli } from "./helpers";

const phone = { width: 390, height: 844 };

function signedLink(purpose: "confirm-subscription" | "preferences", subject: string | number): string {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return `${subject}.${expiresAt}.${hmacSha256(process.env.LINK_SIGNING_SECRET!, `${purpose}|${subject}|${expiresAt}`)}`;
}

function database() {
  return new Database(process.env.E2E_DATABASE_URL!.slice("file:".length), { readonly: true });
}

/** A double opt-in list (made over the API, as an integrator would) and a visitor waiting to confirm on it. */
async function pendingVisitor(request: APIRequestContext, name: string) {
  const stamp = Date.now();
  // A series of org numbers of its own (559803-), so parallel specs never make the same one.
  const company = cli([
    "company:create",
    "--name",
    "Solviks Scoutkår",
    "--org-number",
    `559803-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  const key = cli([
    "api-key:create",
    "--name",
    "e2e consent",
    "--company",
    company.company_id,
    "--modules",
    "subscription_list",
  ]) as { client_id: string; client_secret: string };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const { access_token } = await (
    await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })
  ).json();
  const list = await (
    await request.post("/v3/subscription_list", {
      headers: { authorization: `Bearer ${access_token}` },
      data: { name, company_id: company.company_id, double_opt_in: true },
    })
  ).json();
  const email = `scout.${stamp}@example.se`;
  const subscribed = await request.post(`/v3/subscription_list/public/${list.uuid}`, {
    data: { email, firstname: "Sam" },
  });
  expect(subscribed.status()).toBe(201);
  const { subscription, member_id } = await subscribed.json();
  // The anonymous answer names no member or subscription (it would tell who is a member): they are read here.
  expect([member_id, subscription.id, subscription.status]).toEqual([0, 0, "PENDING"]);
  const db = database();
  const row = db
    .prepare(
      "SELECT s.id, s.memberId, s.confirmationNonce FROM Subscription s JOIN Member m ON m.id = s.memberId WHERE m.email = ? AND s.listId = ?",
    )
    .get(email, list.id) as { id: number; memberId: number; confirmationNonce: string };
  db.close();
  // The link of the confirmation message: the subscription and the nonce of the message that went out.
  const confirmLink = `/confirm/${signedLink("confirm-subscription", `${row.id}_${row.confirmationNonce}`)}`;
  return { listId: list.id as number, subscriptionId: row.id, memberId: row.memberId, confirmLink };
}

const statusOf = (subscriptionId: number) => {
  const db = database();
  const row = db.prepare("SELECT status, confirmedVia FROM Subscription WHERE id = ?").get(subscriptionId);
  db.close();
  return row;
};

async function phonePage(browser: Browser, lang: "sv" | "en", javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: phone,
    javaScriptEnabled,
    locale: lang === "sv" ? "sv-SE" : "en-GB",
  });
  return { context, page: await context.newPage() };
}

test.describe("consent pages", () => {
  // Two browser contexts and four axe runs per test: more than the default 30 s on a machine shared with other runs.
  test.slow();
  for (const lang of ["sv", "en"] as const) {
    test(`the confirmation page (${lang}) changes nothing until its one button is pressed`, async ({
      browser,
      request,
    }) => {
      const visitor = await pendingVisitor(request, "Scoutposten");
      const { context, page } = await phonePage(browser, lang);
      await page.goto(`${visitor.confirmLink}?lang=${lang}`);
      await expect(page.locator("main")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        lang === "sv" ? "Bekräfta prenumerationen" : "Confirm your subscription",
      );
      expect(statusOf(visitor.subscriptionId)).toEqual({ status: "PENDING", confirmedVia: null });
      await screenshot(page, `confirm-phone-${lang}`);
      await expectAccessible(page);

      await page
        .getByRole("button", { name: lang === "sv" ? "Ja, jag vill prenumerera" : "Yes, subscribe me" })
        .click();
      // The page says where the person now is: its heading is the thank-you, with no "press the button" left above it.
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        lang === "sv" ? "Tack! Prenumerationen är bekräftad." : "Thank you! Your subscription is confirmed.",
      );
      await expect(
        page.getByText(lang === "sv" ? "Du prenumererar nu på Scoutposten." : "You now subscribe to Scoutposten."),
      ).toBeVisible();
      await expect(page.getByText(lang === "sv" ? /Tryck på knappen/ : /Press the button/)).toHaveCount(0);
      await expect(page.getByRole("button")).toHaveCount(0);
      expect(statusOf(visitor.subscriptionId)).toEqual({ status: "SUBSCRIBED", confirmedVia: "EMAIL_LINK" });
      await screenshot(page, `confirm-done-phone-${lang}`);
      await expectAccessible(page);
      await context.close();
    });
  }

  test("the hosted form of a double opt-in list asks the visitor to confirm by email", async ({ browser, request }) => {
    const visitor = await pendingVisitor(request, "Scoutposten");
    const db = database();
    const { uuid } = db.prepare("SELECT uuid FROM SubscriptionList WHERE id = ?").get(visitor.listId) as {
      uuid: string;
    };
    db.close();
    const { context, page } = await phonePage(browser, "sv");
    await page.goto(`/subscribe/${uuid}`);
    const email = `ny.${Date.now()}@example.se`;
    await page.getByLabel("E-postadress").fill(email);
    await page.getByRole("button", { name: "Prenumerera" }).click();
    await expect(page.getByRole("status")).toContainText("Nästan klart: bekräfta din adress");
    await expect(page.getByRole("status")).toContainText(email);
    const check = database();
    expect(
      check
        .prepare("SELECT s.status FROM Subscription s JOIN Member m ON m.id = s.memberId WHERE m.email = ?")
        .get(email),
    ).toEqual({ status: "PENDING" });
    check.close();
    await context.close();
  });

  test("the confirmation button works without JavaScript", async ({ browser, request }) => {
    const visitor = await pendingVisitor(request, "Scoutposten");
    const { context, page } = await phonePage(browser, "sv", false);
    await page.goto(visitor.confirmLink);
    await page.getByRole("button", { name: "Ja, jag vill prenumerera" }).click();
    // Without JavaScript the page comes back rendered anew: it now says the subscription is confirmed, with no button.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tack! Prenumerationen är bekräftad.");
    await expect(page.getByRole("button")).toHaveCount(0);
    expect(statusOf(visitor.subscriptionId)).toEqual({ status: "SUBSCRIBED", confirmedVia: "EMAIL_LINK" });
    await context.close();
  });

  for (const lang of ["sv", "en"] as const) {
    test(`the preference page (${lang}) switches a list and opts out of everything, without JavaScript too`, async ({
      browser,
      request,
    }) => {
      const visitor = await pendingVisitor(request, "Ledarbrevet");
      const db = database();
      const { uuid } = db.prepare("SELECT uuid FROM Member WHERE id = ?").get(visitor.memberId) as { uuid: string };
      db.close();
      const path = `/preferences/${signedLink("preferences", uuid)}?lang=${lang}`;
      const t =
        lang === "sv"
          ? {
              heading: "Dina prenumerationer",
              on: "Prenumerera på Ledarbrevet",
              off: "Avsluta Ledarbrevet",
              saved: "Sparat.",
              optOut: "Avregistrera mig från allt",
              undo: "Ångra: ta emot utskick igen",
            }
          : {
              heading: "Your subscriptions",
              on: "Subscribe to Ledarbrevet",
              off: "Unsubscribe from Ledarbrevet",
              saved: "Saved.",
              optOut: "Opt me out of everything",
              undo: "Undo: receive mailings again",
            };

      const { context, page } = await phonePage(browser, lang);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.heading);
      await screenshot(page, `preferences-phone-${lang}`);
      await expectAccessible(page);
      await page.getByRole("button", { name: t.off }).click(); // the pending subscription, withdrawn
      await expect(page.getByRole("status")).toHaveText(t.saved);
      await page.getByRole("button", { name: t.on }).click();
      await expect(page.getByRole("button", { name: t.off })).toBeVisible();
      expect(statusOf(visitor.subscriptionId)).toEqual({ status: "SUBSCRIBED", confirmedVia: "PREFERENCES" });
      await context.close();

      const noJs = await phonePage(browser, lang, false);
      await noJs.page.goto(path);
      await noJs.page.getByRole("button", { name: t.optOut }).click();
      await expect(noJs.page.getByRole("button", { name: t.undo })).toBeVisible();
      expect(statusOf(visitor.subscriptionId)).toMatchObject({ status: "UNSUBSCRIBED" });
      // axe runs in the page's JavaScript: the opted-out state is checked in a browser that has it.
      const withJs = await phonePage(browser, lang);
      await withJs.page.goto(path);
      await expect(withJs.page.getByRole("button", { name: t.undo })).toBeVisible();
      await screenshot(withJs.page, `preferences-opted-out-phone-${lang}`);
      await expectAccessible(withJs.page);
      await withJs.context.close();
      await noJs.page.getByRole("button", { name: t.undo }).click();
      await expect(noJs.page.getByRole("button", { name: t.optOut })).toBeVisible();
      expect(statusOf(visitor.subscriptionId)).toMatchObject({ status: "SUBSCRIBED" });
      await noJs.context.close();
    });
  }
});
