// Staff password reset and two-factor sign-in in Chromium, with staff users made for these tests (never the demo
// admin, whom other specs sign in as). The full walk in Swedish at laptop and English at tablet width: "Glömt lösenordet?",
// the mail read in the Outbox by an ADMIN of every company, a new password, two-factor sign-in turned on with a code
// computed here from the secret the page shows, signing out, signing in with password and code, once with a recovery
// code (which then no longer works), and turning it off with the password. The reset mail itself at phone width. axe
// and a screenshot on every step, no CSP error on any page.
import { expect, test, type Page } from "@playwright/test";
import { generateSync } from "otplib";
import { renderPasswordResetMail } from "../modules/access/mail/staff-password-reset";
import { createAdmin, dashboardWalks, expectAccessible, screenshot, signIn, type AdminLogin } from "./admin-helpers";

function watchCsp(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) complaints.push(`${page.url()}: ${message.text()}`);
  });
  return complaints;
}

/** The app's code one 30-second step ahead: never the step a code was just accepted for (the server allows ±1 step). */
const nextCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function toEnglish(page: Page) {
  await page.getByRole("button", { name: "In English" }).click();
  await expect(page.locator("main[lang=en], div[lang=en]").first()).toBeVisible();
}

/** Turns two-factor sign-in on on the account page; returns the secret and the recovery codes. */
async function turnOnTwoFactor(
  page: Page,
  t: { turnOn: string; confirm: string; stored: string; on: string },
  shot?: string,
) {
  await page.getByRole("button", { name: t.turnOn }).click();
  const setup = page.getByTestId("two-factor-setup");
  await expect(setup.getByRole("img")).toBeVisible();
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (shot) {
    await expectAccessible(page);
    await screenshot(page, `${shot}-setup`);
  }
  await page.locator("#totp-code").fill(generateSync({ secret }));
  await page.getByRole("button", { name: t.confirm }).click();
  const dialog = page.getByTestId("recovery-codes-dialog");
  await expect(dialog.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const codes = await dialog.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  if (shot) {
    await expectAccessible(page);
    await screenshot(page, `${shot}-recovery-codes`, { fullPage: false });
  }
  // Escape does not close it: the codes are shown this once.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: t.stored }).click();
  await expect(page.getByTestId("two-factor-status")).toContainText(t.on);
  await page.waitForLoadState("networkidle");
  return { secret, codes };
}

/** Signs out through the header's button. */
async function signOut(page: Page, label: string) {
  await page.getByRole("button", { name: label }).click();
  await page.waitForURL("**/admin/login?signedOut=1");
}

/** The password step of the sign-in, answered by the code step. */
async function passwordStep(page: Page, login: AdminLogin, submit: string) {
  await page.locator("#email").fill(login.email);
  await page.locator("#password").fill(login.password);
  await page.getByRole("button", { name: submit }).click();
  await expect(page.locator("#code")).toBeFocused();
  // A field of its own: the password typed a moment ago is not in it.
  await expect(page.locator("#code")).toHaveValue("");
  await expect(page.locator("#code")).not.toHaveAttribute("type", "password");
}

test.use({ locale: "sv-SE" });

const texts = {
  sv: {
    forgot: "Glömt lösenordet?",
    send: "Skicka länk",
    sent: "Om adressen hör till ett konto är en länk på väg dit",
    subject: "Välj ett nytt lösenord",
    mailButton: "Välj nytt lösenord",
    phone: "Mobil (390 px)",
    newPassword: "Välj ett nytt lösenord",
    save: "Spara lösenordet",
    changed: "Lösenordet är bytt",
    used: "Länken fungerar inte längre",
    menu: "Huvudmeny",
    account: "Mitt konto",
    turnOn: "Slå på tvåstegsinloggning",
    confirm: "Bekräfta och slå på",
    stored: "Jag har sparat koderna",
    on: "På",
    off: "Av",
    signOut: "Logga ut",
    signIn: "Logga in",
    codeIntro: "Ditt konto har tvåstegsinloggning",
    wrongCode: "Koden stämmer inte",
    continue: "Fortsätt",
    turnOff: "Slå av",
  },
  en: {
    forgot: "Forgot your password?",
    send: "Send link",
    sent: "If the address has an account, a link is on its way",
    subject: "Choose a new password",
    mailButton: "Choose a new password",
    phone: "Phone (390 px)",
    newPassword: "Choose a new password",
    save: "Save password",
    changed: "Your password has been changed",
    used: "This link no longer works",
    menu: "Main menu",
    account: "My account",
    turnOn: "Turn on two-factor sign-in",
    confirm: "Confirm and turn on",
    stored: "I have saved the codes",
    on: "On",
    off: "Off",
    signOut: "Sign out",
    signIn: "Sign in",
    codeIntro: "Your account has two-factor sign-in",
    wrongCode: "The code is not right",
    continue: "Continue",
    turnOff: "Turn off",
  },
};

test.describe("staff password reset and two-factor sign-in", () => {
  test.describe.configure({ timeout: 120_000 });

  for (const { lang, width, viewport } of dashboardWalks) {
    test(`the full walk: reset by mail, two-factor on, sign-in with a code and with a recovery code (${lang}, ${width})`, async ({
      page,
      browser,
    }) => {
      const t = texts[lang];
      const shot = (name: string) => screenshot(page, `${name}-${width}-${lang}`);
      await page.setViewportSize(viewport);
      const csp = watchCsp(page);
      const staff = createAdmin({ role: "EDITOR" });
      const reader = createAdmin();

      // Asking for a link: one answer, whatever the address. The mail is in the language of the page it was asked on.
      await page.goto("/admin/login");
      if (lang === "en") await toEnglish(page);
      await page.getByRole("link", { name: t.forgot }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.forgot })).toBeVisible();
      await expectAccessible(page);
      await shot("admin-reset-request");
      await page.locator("#email").fill(staff.email);
      await page.getByRole("button", { name: t.send }).click();
      await expect(page.getByRole("status")).toContainText(t.sent);
      await expectAccessible(page);
      await shot("admin-reset-sent");

      // The mail, read in the Outbox by an ADMIN of every company in a browser of its own.
      const readerContext = await browser.newContext({ viewport, locale: "sv-SE" });
      const outbox = await readerContext.newPage();
      await signIn(outbox, reader);
      if (lang === "en") await toEnglish(outbox);
      await outbox.goto("/admin/outbox");
      const row = outbox.getByTestId("outbox").getByRole("row").filter({ hasText: staff.email });
      await row.getByRole("link", { name: t.subject }).click();
      const link = outbox.getByTestId("outbox-links").getByRole("link", { name: /reset-password/ });
      const href = new URL((await link.getAttribute("href"))!);
      expect(href.pathname).toBe("/admin/reset-password");
      // The message as a phone shows it (390 px).
      await outbox.getByRole("button", { name: t.phone }).click();
      await expect(
        outbox.frameLocator('[data-testid="outbox-frame"]').getByRole("link", { name: t.mailButton }),
      ).toBeVisible();
      await screenshot(outbox, `admin-reset-mail-in-outbox-${width}-${lang}`);
      await readerContext.close();

      // The link: a new password (the rules of the user screen), then sign in with it.
      await page.goto(`${href.pathname}${href.search}`);
      await expect(page.getByRole("heading", { level: 1, name: t.newPassword })).toBeVisible();
      await page.locator("#password").fill("kort");
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.locator("#password-error")).toBeVisible();
      await expectAccessible(page);
      await shot("admin-reset-new-password");
      const renewed = { email: staff.email, password: `nytt-${staff.password}` };
      await page.locator("#password").fill(renewed.password);
      await page.getByRole("button", { name: t.save }).click();
      await expect(page.getByRole("status")).toContainText(t.changed);
      // Used once: the link says so the next time.
      await page.goto(`${href.pathname}${href.search}`);
      await expect(page.getByText(t.used)).toBeVisible();
      await signIn(page, renewed);

      // Two-factor sign-in on, from the account page.
      await page.getByRole("navigation", { name: t.menu }).getByRole("link", { name: t.account }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.account })).toBeVisible();
      await expect(page.getByTestId("two-factor-status")).toContainText(t.off);
      await expectAccessible(page);
      await shot("admin-account");
      const { secret, codes } = await turnOnTwoFactor(page, t, `admin-account-${width}-${lang}`);
      await expectAccessible(page);
      await shot("admin-account-two-factor-on");

      // Signing in: the password alone makes no session; a wrong code is refused; the app's code lets in.
      await signOut(page, t.signOut);
      await passwordStep(page, renewed, t.signIn);
      await expect(page.getByText(t.codeIntro)).toBeVisible();
      expect((await page.context().cookies()).some((c) => c.name.includes("session-token"))).toBe(false);
      await expectAccessible(page);
      await shot("admin-login-code");
      await page.locator("#code").fill("000000");
      await page.getByRole("button", { name: t.continue }).click();
      await expect(page.getByText(t.wrongCode)).toBeVisible();
      await page.locator("#code").fill(nextCode(secret));
      await page.getByRole("button", { name: t.continue }).click();
      await page.waitForURL("**/admin");

      // And with a recovery code, which works once.
      await signOut(page, t.signOut);
      await passwordStep(page, renewed, t.signIn);
      await page.locator("#code").fill(codes[0]);
      await page.getByRole("button", { name: t.continue }).click();
      await page.waitForURL("**/admin");
      await page.goto("/admin/account");
      await expect(page.getByTestId("two-factor-status")).toContainText("9");
      await signOut(page, t.signOut);
      await passwordStep(page, renewed, t.signIn);
      await page.locator("#code").fill(codes[0]);
      await page.getByRole("button", { name: t.continue }).click();
      await expect(page.getByText(t.wrongCode)).toBeVisible();

      // Another recovery code lets in; two-factor sign-in is turned off again with the password.
      await page.locator("#code").fill(codes[1]);
      await page.getByRole("button", { name: t.continue }).click();
      await page.waitForURL("**/admin");
      await page.goto("/admin/account");
      await page.locator("#off-password").fill(renewed.password);
      await page.getByRole("button", { name: t.turnOff }).click();
      await expect(page.getByTestId("two-factor-status")).toContainText(t.off);
      expect(csp).toEqual([]);
    });
  }

  test("the reset mail reads on a phone in both languages", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ["sv", "en"] as const) {
      const { html } = await renderPasswordResetMail({
        lang,
        name: "Anna Andersson",
        url: "https://service.example/admin/reset-password?token=abc",
        product: "Förening service",
      });
      await page.setContent(html);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(
        page.getByRole("link", { name: lang === "sv" ? "Välj nytt lösenord" : "Choose a new password" }),
      ).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `admin-reset-mail-phone-${lang}`);
    }
  });
});
