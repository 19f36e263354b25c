// The hosted activity sign-up as a guardian meets it on a phone (390 px), in Swedish with JavaScript and in English
// without: the club's list of open activities, the form (its problems shown, then sent), the double opt-in message
// read in the Outbox (the embedded mail catcher), the confirmation page and its button, the confirmation message with
// its cancel link, and the cancel page. axe on every page, no CSP complaint, screenshots
// (E2E_UPDATE_SCREENSHOTS=1 refreshes the committed e2e/screenshots/*.png).
import crypto from "node:crypto";
import Database from "better-sqlite3";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, expectAccessibleAsServed, screenshot, signIn } from "./admin-helpers";
import { cli } from "./helpers";
import { outboxLink } from "./outbox";

const phone = { width: 390, height: 844 };

function database() {
  return new Database(process.env.E2E_DATABASE_URL!.slice("file:".length), { readonly: true });
}

function watchCsp(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) complaints.push(`${page.url()}: ${message.text()}`);
  });
  return complaints;
}

/** A club with one activity open for sign-up (made over /v3 as an integrator would) and one that is not. */
async function setUpClub(request: APIRequestContext, { full }: { full: boolean }) {
  const company = cli([
    "company:create",
    "--name",
    "Norrskens Judoklubb",
    "--org-number",
    `559805-${crypto.randomInt(1000, 9999)}`,
    "--email",
    "kansli@norrskensjudo.example",
  ]) as { company_id: string };
  const key = cli([
    "api-key:create",
    "--name",
    "e2e signup",
    "--company",
    company.company_id,
    "--modules",
    "activity,member",
  ]) as {
    client_id: string;
    client_secret: string;
  };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const tokens = await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } });
  expect(tokens.status(), await tokens.text()).toBe(200);
  const auth = { authorization: `Bearer ${(await tokens.json()).access_token}` };
  const create = async (data: Record<string, unknown>) => {
    const created = await request.post("/v3/activities", {
      headers: auth,
      data: { company_id: company.company_id, ...data },
    });
    expect(created.status(), await created.text()).toBe(201);
    return (await created.json()) as { id: number; signup_open: boolean };
  };
  const judo = await create({
    name: "Judo 8–10 år",
    description: "Grundträning för nybörjare. Ta med vattenflaska.",
    location: "Norrskenshallen, dojo 2",
    birth_year_from: 2016,
    birth_year_to: 2018,
    capacity: full ? 1 : 12,
    signup_open: true,
    schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-08-18", to: "2026-12-15" }],
  });
  expect(judo.signup_open).toBe(true);
  if (full) {
    // The one place taken by a member staff enrolled: a sign-up gets a waitlist spot.
    const member = await request.post("/v3/member", {
      headers: auth,
      data: { company_id: company.company_id, email: `forst.${Date.now()}@example.se`, firstname: "Först" },
    });
    expect(member.status(), await member.text()).toBe(201);
    const enrolled = await request.post(`/v3/activities/${judo.id}/participants`, {
      headers: auth,
      data: { member_id: (await member.json()).id },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(200);
  }
  await create({ name: "Tävlingsgrupp", signup_open: false });
  const db = database();
  const { uuid } = db.prepare("SELECT uuid FROM Company WHERE id = ?").get(company.company_id) as { uuid: string };
  db.close();
  return { companyUuid: uuid, activityId: judo.id };
}

const participantStatus = (activityId: number) => {
  const db = database();
  const rows = db
    .prepare(
      "SELECT p.status, m.firstname FROM ActivityParticipant p JOIN Member m ON m.id = p.memberId WHERE p.activityId = ?",
    )
    .all(activityId) as { status: string; firstname: string }[];
  db.close();
  return rows;
};

const texts = {
  sv: {
    list: "Anmäl till aktiviteter",
    signUp: "Anmäl till Judo 8–10 år",
    submit: "Skicka anmälan",
    fix: "Kontrollera fälten markerade nedan.",
    consentMissing: /utan vårdnadshavarens samtycke/,
    sent: "Nästan klart: bekräfta anmälan",
    optInSubject: "Bekräfta anmälan av",
    optInButton: /^Bekräfta anmälan$/,
    cancelMailButton: /^Avanmäl Alva Berg$/,
    confirmTitle: "Bekräfta anmälan",
    confirmButton: /Ja, anmäl/,
    confirmedTitle: "Anmälan är bekräftad",
    place: /har fått en plats i Judo 8–10 år/,
    placeSubject: "har fått en plats i",
    places: "12 lediga platser",
    waitlist: /står på väntelistan och får en plats/,
    waitlistSubject: "står på väntelistan till",
    full: "Fullt – anmälan ger en plats på väntelistan",
    cancelTitle: "Avanmäl",
    cancelButton: /Ja, avanmäl/,
    cancelledTitle: "Avanmäld",
  },
  en: {
    list: "Sign up for activities",
    signUp: "Sign up for Judo 8–10 år",
    submit: "Send the sign-up",
    fix: "Check the fields marked below.",
    consentMissing: /without the guardian's consent/,
    sent: "Almost done: confirm the sign-up",
    optInSubject: "Confirm the sign-up of",
    optInButton: /^Confirm the sign-up$/,
    cancelMailButton: /^Cancel the sign-up of Alva Berg$/,
    confirmTitle: "Confirm the sign-up",
    confirmButton: /Yes, sign/,
    confirmedTitle: "The sign-up is confirmed",
    place: /has a place in Judo 8–10 år/,
    placeSubject: "has a place in",
    places: "12 places free",
    waitlist: /is on the waiting list and gets a place/,
    waitlistSubject: "is on the waiting list for",
    full: "Full – signing up gives a place on the waiting list",
    cancelTitle: "Cancel the sign-up",
    cancelButton: /Yes, cancel/,
    cancelledTitle: "Cancelled",
  },
} as const;

/** The link to `path` in the newest message to `to` whose subject has `subject`, read in the Outbox as staff would. */
async function linkInOutbox(
  browser: Browser,
  to: string,
  message: { subject: string; button: RegExp },
  path: string,
  shot: string,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "sv-SE" });
  const outbox = await context.newPage();
  try {
    await signIn(outbox, createAdmin());
    const href = await outboxLink(outbox, to, message.subject, path);
    // The message as a phone shows it (390 px).
    await outbox.getByRole("button", { name: "Mobil (390 px)" }).click();
    const frame = outbox.locator('[data-testid="outbox-frame"]');
    await expect(
      outbox.frameLocator('[data-testid="outbox-frame"]').getByRole("link", { name: message.button }),
    ).toBeVisible();
    await screenshot(outbox, shot);
    // The message alone, as the phone shows it.
    await frame.screenshot({ path: test.info().outputPath(`${shot}-frame.png`) });
    return href;
  } finally {
    await context.close();
  }
}

test.describe("hosted activity sign-up", () => {
  test.slow();
  for (const { lang, javaScriptEnabled } of [
    { lang: "sv", javaScriptEnabled: true },
    { lang: "en", javaScriptEnabled: false },
  ] as const) {
    const mode = javaScriptEnabled ? "js" : "nojs";
    test(`a guardian signs a child up on a phone (${lang}, ${mode}) and confirms by mail`, async ({
      browser,
      request,
    }) => {
      const t = texts[lang];
      const shot = (page: Page, name: string) => screenshot(page, `activity-signup-${name}-${lang}-${mode}`);
      const accessible = (page: Page) => (javaScriptEnabled ? expectAccessible(page) : expectAccessibleAsServed(page));
      // In English the activity is full: the child gets a waitlist spot.
      const full = lang === "en";
      const { companyUuid, activityId } = await setUpClub(request, { full });
      const context = await browser.newContext({
        viewport: phone,
        javaScriptEnabled,
        locale: lang === "sv" ? "sv-SE" : "en-GB",
      });
      const page = await context.newPage();
      const csp = watchCsp(page);

      // The club's list: only the open activity, with its ages, time, place and free places.
      await page.goto(`/activities/${companyUuid}?lang=${lang}`);
      await expect(page.locator("main")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.list);
      await expect(page.getByRole("heading", { level: 2, name: "Judo 8–10 år" })).toBeVisible();
      await expect(page.getByText("Tävlingsgrupp")).toHaveCount(0);
      await expect(page.getByText(lang === "sv" ? "tisdagar 18:00–19:00" : "Tuesdays 18:00–19:00")).toBeVisible();
      await expect(page.getByText(full ? t.full : t.places)).toBeVisible();
      await accessible(page);
      await shot(page, "list");

      await page.getByRole("link", { name: t.signUp }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Judo 8–10 år");
      await accessible(page);
      await shot(page, "form");

      // Sent empty: each problem under its field, nothing stored.
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.locator("#consent-error")).toHaveText(t.consentMissing);
      await expect(page.locator("#child_firstname-error")).toBeVisible();
      if (!javaScriptEnabled) await expect(page.getByText(t.fix)).toBeVisible();
      await accessible(page);
      await shot(page, "form-errors");

      const email = `vardnadshavare.${Date.now()}.${lang}@example.se`;
      await page.locator("#child_firstname").fill("Alva");
      await page.locator("#child_lastname").fill("Berg");
      await page.locator("#child_birthdate").fill("2017-03-04");
      await page.locator("#guardian_firstname").fill("Karin");
      await page.locator("#guardian_lastname").fill("Berg");
      await page.locator("#guardian_email").fill(email);
      await page.locator("#guardian_phone").fill("070-123 45 67");
      await page.locator("#consent").check();
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("status")).toContainText(t.sent);
      await expect(page.getByRole("status")).toContainText(email);
      await accessible(page);
      await shot(page, "sent");
      expect(participantStatus(activityId).filter((p) => p.firstname === "Alva")).toEqual([]);

      // The double opt-in message; its link opens the confirmation page, which changes nothing by itself.
      const confirmLink = await linkInOutbox(
        browser,
        email,
        { subject: t.optInSubject, button: t.optInButton },
        "/activities/confirm/",
        `activity-signup-mail-optin-${lang}-${mode}`,
      );
      await page.goto(confirmLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.confirmTitle);
      expect(participantStatus(activityId).filter((p) => p.firstname === "Alva")).toEqual([]);
      await accessible(page);
      await shot(page, "confirm");
      await page.getByRole("button", { name: t.confirmButton }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.confirmedTitle);
      await expect(page.getByText(full ? t.waitlist : t.place)).toBeVisible();
      await expect(page.getByRole("button")).toHaveCount(0);
      expect(participantStatus(activityId)).toContainEqual({
        status: full ? "WAITLIST" : "ENROLLED",
        firstname: "Alva",
      });
      await accessible(page);
      await shot(page, "confirmed");
      // The link again: the same outcome, nothing more.
      await page.goto(confirmLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.confirmedTitle);

      // The confirmation message's cancel link.
      const cancelLink = await linkInOutbox(
        browser,
        email,
        { subject: full ? t.waitlistSubject : t.placeSubject, button: t.cancelMailButton },
        "/activities/cancel/",
        `activity-signup-mail-confirmed-${lang}-${mode}`,
      );
      await page.goto(cancelLink);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.cancelTitle);
      await accessible(page);
      await shot(page, "cancel");
      await page.getByRole("button", { name: t.cancelButton }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.cancelledTitle);
      expect(participantStatus(activityId)).toContainEqual({ status: "LEFT", firstname: "Alva" });
      await accessible(page);
      await shot(page, "cancelled");

      // An unknown club is a 404 page in both languages.
      const missing = await page.goto(`/activities/${crypto.randomUUID()}`);
      expect(missing?.status()).toBe(404);
      expect(csp).toEqual([]);
      await context.close();
    });
  }
});
