// The preference page as a person manages themselves on it, in Chromium at phone width (390 px), Swedish and English,
// with axe and without JavaScript, checked against the database behind it: joining the organization's other public
// lists (a double opt-in list waits for its mail), name and interests, and a change of address that happens only when
// the link to the new address is used. The signed links are made here as the services make them (the preference
// link as modules/lists/services/unsubscribe-links.ts, the address link as modules/members/services/address-change.ts), because the
// messages that carry them go to a mail server this browser test cannot read. E2E_UPDATE_SCREENSHOTS=1 refreshes the
// committed e2e/screenshots/*.png.
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import { hmacSha256 } from "../lib/crypto";
import { expectAccessible, screenshot } from "./admin-helpers";
import { cli } from "./helpers";

const phone = { width: 390, height: 844 };

function preferencesLink(uuid: string): string {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  return `${uuid}.${expiresAt}.${hmacSha256(process.env.LINK_SIGNING_SECRET!, `preferences|${uuid}|${expiresAt}`)}`;
}

/** `expiresAt` as the SQLite column holds it (milliseconds, or an ISO text). */
function addressLink(change: { id: number; newEmail: string; expiresAt: number | string }): string {
  const expiresAt = Math.floor(
    (typeof change.expiresAt === "number" ? change.expiresAt : Date.parse(change.expiresAt)) / 1000,
  );
  return `${change.id}.${expiresAt}.${hmacSha256(process.env.LINK_SIGNING_SECRET!, `change-address|${change.id}|${change.newEmail}|${expiresAt}`)}`;
}

function database(readonly = true) {
  return new Database(process.env.E2E_DATABASE_URL!.slice("file:".length), { readonly });
}

function read<T>(sql: string, ...params: unknown[]): T {
  const db = database();
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

/**
 * A person on "Medlemsbladet" of an organization with two other public lists: "Seglarskolan" (questions, a term that
 * must be accepted) and "Kappseglingar" (double opt-in). Made over the API as an integrator would; the questions'
 * properties straight in the database (the API lists properties but the dashboard makes them).
 */
async function person(request: APIRequestContext, tag: string) {
  const company = cli([
    "company:create",
    "--name",
    "Sjöviks Segelsällskap",
    "--org-number",
    `559804-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  const key = cli([
    "api-key:create",
    "--name",
    "e2e preferences",
    "--company",
    company.company_id,
    "--modules",
    "subscription_list",
  ]) as { client_id: string; client_secret: string };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const { access_token } = await (
    await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })
  ).json();
  const headers = { authorization: `Bearer ${access_token}` };
  const newList = async (data: Record<string, unknown>) =>
    (await (
      await request.post("/v3/subscription_list", { headers, data: { company_id: company.company_id, ...data } })
    ).json()) as { id: number; uuid: string };
  const paper = await newList({ name: "Medlemsbladet" });
  const school = await newList({ name: "Seglarskolan", consent_required: true });
  const races = await newList({ name: "Kappseglingar", double_opt_in: true });
  const db = database(false);
  const group = db
    .prepare(`INSERT INTO PropertyGroup (companyId, name) VALUES (?, 'Båttyp') RETURNING id`)
    .get(company.company_id) as { id: number };
  const props = ["Jolle", "Köl"].map(
    (name) =>
      (
        db
          .prepare(`INSERT INTO Property (groupId, name, descr) VALUES (?, ?, '') RETURNING id`)
          .get(group.id, name) as { id: number }
      ).id,
  );
  db.close();
  for (const list of [paper, school]) {
    const update = {
      question_prop_ids: props,
      ...(list === school
        ? { term: { name: "Skolans villkor", html: "<p>Vi sparar din adress för kursen.</p>" } }
        : {}),
    };
    expect((await request.put(`/v3/subscription_list/${list.id}`, { headers, data: update })).status()).toBe(200);
  }
  const email = `${tag}.${Date.now()}@example.se`;
  const subscribed = await request.post(`/v3/subscription_list/public/${paper.uuid}`, { data: { email } });
  expect(subscribed.status()).toBe(201);
  // The anonymous subscribe's answer names no member: the member is read by its address.
  const { id: member_id, uuid } = read<{ id: number; uuid: string }>(
    "SELECT id, uuid FROM Member WHERE email = ?",
    email,
  );
  return { memberId: member_id, email, props, school, races, path: `/preferences/${preferencesLink(uuid)}` };
}

async function phonePage(browser: Browser, lang: "sv" | "en", javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: phone,
    javaScriptEnabled,
    locale: lang === "sv" ? "sv-SE" : "en-GB",
  });
  return { context, page: await context.newPage() };
}

const texts = {
  sv: {
    heading: "Dina prenumerationer",
    joinSchool: "Prenumerera på Seglarskolan",
    joinRaces: "Prenumerera på Kappseglingar",
    terms: "Jag godkänner villkoren (Skolans villkor) (krävs)",
    consentMissing: "Listan kräver att du godkänner villkoren.",
    joined: "Du prenumererar nu på listan.",
    confirmationSent: "Vi har skickat ett mejl till",
    firstname: "Förnamn",
    lastname: "Efternamn",
    saveName: "Spara namnet",
    saved: "Sparat.",
    newAddress: "Ny e-postadress",
    sendLink: "Skicka länken",
    addressSent: "Om adressen kan användas har vi skickat en länk till den.",
    addressHeading: "Byt e-postadress",
    addressButton: "Byt till den nya adressen",
    addressDone: "Din adress är bytt",
  },
  en: {
    heading: "Your subscriptions",
    joinSchool: "Subscribe to Seglarskolan",
    joinRaces: "Subscribe to Kappseglingar",
    terms: "I accept the terms (Skolans villkor) (required)",
    consentMissing: "The list requires that you accept its terms.",
    joined: "You are now subscribed to the list.",
    confirmationSent: "We have sent a message to",
    firstname: "First name",
    lastname: "Last name",
    saveName: "Save name",
    saved: "Saved.",
    newAddress: "New email address",
    sendLink: "Send the link",
    addressSent: "If the address can be used, we have sent a link to it.",
    addressHeading: "Change email address",
    addressButton: "Change to the new address",
    addressDone: "Your address is changed",
  },
};

const statusOn = (listId: number, memberId: number) =>
  read<{ status: string } | undefined>(
    "SELECT status FROM Subscription WHERE listId = ? AND memberId = ?",
    listId,
    memberId,
  )?.status ?? null;

test.describe("the preference page: a person manages themselves", () => {
  // Several page loads and axe runs per test: more than the default 30 s on a machine shared with other runs.
  test.slow();
  for (const lang of ["sv", "en"] as const) {
    test(`joins other lists, edits name and interests, and changes address by the link (${lang})`, async ({
      browser,
      request,
    }) => {
      const t = texts[lang];
      const who = await person(request, `segla-${lang}`);
      const { context, page } = await phonePage(browser, lang);
      await page.goto(`${who.path}?lang=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.heading);
      await expect(page.getByRole("button", { name: t.joinSchool })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      await screenshot(page, `preferences-self-phone-${lang}`);
      await expectAccessible(page);

      // The term must be accepted (the browser's own check is the first guard; the server's the second, below).
      await page.getByRole("form", { name: "Seglarskolan" }).getByLabel("Jolle").check();
      await page.getByLabel(t.terms).check();
      await page.getByRole("button", { name: t.joinSchool }).click();
      await expect(page.getByRole("status")).toHaveText(t.joined);
      expect(statusOn(who.school.id, who.memberId)).toBe("SUBSCRIBED");
      expect(
        read(
          "SELECT COUNT(*) AS n FROM MemberProperty WHERE memberId = ? AND propertyId = ?",
          who.memberId,
          who.props[0],
        ),
      ).toEqual({ n: 1 });

      await page.getByRole("button", { name: t.joinRaces }).click();
      await expect(page.getByRole("status")).toContainText(t.confirmationSent);
      expect(statusOn(who.races.id, who.memberId)).toBe("PENDING");

      await page.getByLabel(t.firstname).fill("Åsa");
      await page.getByLabel(t.lastname).fill("Öhrström");
      await page.getByRole("button", { name: t.saveName }).click();
      await expect(page.getByRole("status")).toHaveText(t.saved);
      expect(read("SELECT firstname, lastname FROM Member WHERE id = ?", who.memberId)).toEqual({
        firstname: "Åsa",
        lastname: "Öhrström",
      });

      const newEmail = `flyttat.${lang}.${Date.now()}@example.se`;
      await page.getByLabel(t.newAddress).fill(newEmail);
      await page.getByRole("button", { name: t.sendLink }).click();
      await expect(page.getByRole("status")).toContainText(t.addressSent);
      await expect(page.getByText(newEmail)).toBeVisible();
      expect(read("SELECT email FROM Member WHERE id = ?", who.memberId)).toEqual({ email: who.email });
      await screenshot(page, `preferences-self-after-phone-${lang}`);
      await expectAccessible(page);

      const change = read<{ id: number; newEmail: string; expiresAt: number | string }>(
        "SELECT id, newEmail, expiresAt FROM EmailChange WHERE memberId = ? AND usedAt IS NULL",
        who.memberId,
      );
      const link = `/preferences/address/${addressLink(change)}?lang=${lang}`;
      await page.goto(link);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.addressHeading);
      expect(read("SELECT email FROM Member WHERE id = ?", who.memberId)).toEqual({ email: who.email }); // opening changes nothing
      await screenshot(page, `preferences-address-phone-${lang}`);
      await expectAccessible(page);
      await page.getByRole("button", { name: t.addressButton }).click();
      await expect(page.getByRole("status")).toContainText(t.addressDone);
      await screenshot(page, `preferences-address-done-phone-${lang}`);
      await expectAccessible(page);
      expect(read("SELECT email FROM Member WHERE id = ?", who.memberId)).toEqual({ email: newEmail });
      await page.goto(link); // used once: it says so, with no button
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.addressDone);
      await expect(page.getByRole("button", { name: t.addressButton })).toHaveCount(0);
      await context.close();
    });
  }

  test("works without JavaScript: the term refused, then a list joined, the name saved, the address link used", async ({
    browser,
    request,
  }) => {
    const t = texts.sv;
    const who = await person(request, "utan-js");
    const { context, page } = await phonePage(browser, "sv", false);
    await page.goto(who.path);
    // The consent box is required in the browser too: submitted without it only by a form that skips the check.
    await page
      .getByRole("form", { name: "Seglarskolan" })
      .evaluate((form: HTMLFormElement) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: t.joinSchool }).click();
    await expect(page.getByRole("alert")).toHaveText(t.consentMissing);
    expect(statusOn(who.school.id, who.memberId)).toBeNull();
    await page.getByLabel(t.terms).check();
    await page.getByRole("button", { name: t.joinSchool }).click();
    await expect(page.getByRole("status")).toHaveText(t.joined);
    expect(statusOn(who.school.id, who.memberId)).toBe("SUBSCRIBED");

    await page.getByLabel(t.firstname).fill("Nils");
    await page.getByRole("button", { name: t.saveName }).click();
    await expect(page.getByRole("status")).toHaveText(t.saved);
    expect(read("SELECT firstname FROM Member WHERE id = ?", who.memberId)).toEqual({ firstname: "Nils" });

    const newEmail = `utan-js.${Date.now()}@example.se`;
    await page.getByLabel(t.newAddress).fill(newEmail);
    await page.getByRole("button", { name: t.sendLink }).click();
    await expect(page.getByRole("status")).toContainText(t.addressSent);
    const change = read<{ id: number; newEmail: string; expiresAt: number | string }>(
      "SELECT id, newEmail, expiresAt FROM EmailChange WHERE memberId = ? AND usedAt IS NULL",
      who.memberId,
    );
    await page.goto(`/preferences/address/${addressLink(change)}`);
    await page.getByRole("button", { name: t.addressButton }).click();
    await expect(page.getByRole("heading", { name: t.addressDone })).toBeVisible();
    expect(read("SELECT email FROM Member WHERE id = ?", who.memberId)).toEqual({ email: newEmail });
    await context.close();
  });
});
