// The journey a new user took on a fresh clone, on the demo as `npm start` seeds it (a server and a database of its
// own, DEMO_SEED on, the mail to an SMTP server of the test's own): staff send a first sendout to the demo's
// newsletter and import members with the company chosen after the file, then undo it (laptop width); a recipient of
// that sendout unsubscribes, opens the link again, undoes it and reaches the preference page, and a visitor signs up
// and confirms twice (Swedish at 390 px, English at 1366 px). Both languages, axe and the CSP on every page; screenshots looked at
// (E2E_UPDATE_SCREENSHOTS=1 commits them).
import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startTestStack } from "../scripts/lib/test-stack";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../tests/smtp-sink";
import { expectAccessible, screenshot } from "./admin-helpers";
import { cspErrors } from "./sendout-stack";

const ORGANIZATION = "Svenska Föreningsförbundet (demo)";
const LIST = "Förbundsnytt";

const texts = {
  sv: {
    locale: "sv-SE",
    newSendout: "Nytt utskick",
    subject: "Ämne",
    body: "Meddelande",
    saveDraft: "Spara utkast",
    from: "Från",
    sendButton: "Skicka…",
    confirmTitle: "Skicka utskicket?",
    confirm: "Skicka",
    started: "Utskicket har startat.",
    sent: "Skickat",
    company: "Förening",
    upload: "Ladda upp",
    step: /Kolumner · walk\.csv/,
    preview: "Förhandsgranska",
    start: "Starta importen",
    done: /Importen är klar · walk\.csv/,
    added: /Tillagda\s*2/,
    undo: "Ångra importen",
    undoConfirm: "Ja, ångra",
    undone: /Importen är ångrad · walk\.csv/,
    unsubscribeTitle: "Avsluta prenumeration",
    unsubscribeButton: "Avsluta prenumerationen",
    leftTitle: `Du har lämnat ${LIST}`,
    resubscribe: "Prenumerera igen",
    resubscribedTitle: `Du prenumererar igen på ${LIST}`,
    preferencesLink: "Hantera alla dina prenumerationer",
    preferencesTitle: "Dina prenumerationer",
    email: "E-postadress",
    acceptTerms: "Jag godkänner villkoren ovan",
    subscribe: "Prenumerera",
    pending: "Nästan klart: bekräfta din adress",
    confirmPageTitle: "Bekräfta prenumerationen",
    confirmButton: "Ja, jag vill prenumerera",
    confirmed: "Tack! Prenumerationen är bekräftad.",
    pressTheButton: /Tryck på knappen/,
  },
  en: {
    locale: "en-GB",
    newSendout: "New sendout",
    subject: "Subject",
    body: "Message",
    saveDraft: "Save draft",
    from: "From",
    sendButton: "Send…",
    confirmTitle: "Send the sendout?",
    confirm: "Send",
    started: "The sendout has started.",
    sent: "Sent",
    company: "Company",
    upload: "Upload",
    step: /Columns · walk\.csv/,
    preview: "Preview",
    start: "Start the import",
    done: /The import is done · walk\.csv/,
    added: /Added\s*2/,
    undo: "Undo the import",
    undoConfirm: "Yes, undo",
    undone: /The import is undone · walk\.csv/,
    unsubscribeTitle: "Unsubscribe",
    unsubscribeButton: "Unsubscribe",
    leftTitle: `You have left ${LIST}`,
    resubscribe: "Subscribe again",
    resubscribedTitle: `You are subscribed to ${LIST} again`,
    preferencesLink: "Manage all your subscriptions",
    preferencesTitle: "Your subscriptions",
    email: "Email address",
    acceptTerms: "I accept the terms above",
    subscribe: "Subscribe",
    pending: "Almost done: confirm your address",
    confirmPageTitle: "Confirm your subscription",
    confirmButton: "Yes, subscribe me",
    confirmed: "Thank you! Your subscription is confirmed.",
    pressTheButton: /Press the button/,
  },
} as const;
type Lang = keyof typeof texts;

const laptop = { width: 1366, height: 900 };
const phone = { width: 390, height: 844 };

test.describe.configure({ mode: "serial", timeout: 180_000 });

let stack: Awaited<ReturnType<typeof startTestStack>>;
let sink: SmtpSink;
let login: { email: string; password: string };
/** The recipients' unsubscribe links of the sendouts sent so far, one used per walk. */
const unsubscribeLinks: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  sink = await startSmtpSink();
  stack = await startTestStack({
    provider: "sqlite",
    env: {
      DEMO_SEED: "true",
      LOG_LEVEL: "info",
      SMTP_URL: sink.url,
      SENDOUT_WORKER: "on",
      SENDOUT_POLL_MS: "300",
      RATE_LIMIT_PUBLIC_POST_PER_MIN: "1000",
    },
  });
  // The demo's admin, as a new user reads it from the credentials file the start names.
  const file = /"credentials_file":"([^"]+)"/.exec(stack.log())?.[1];
  const banner = fs.readFileSync(file!, "utf8");
  fs.rmSync(file!);
  login = { email: /email (\S+)/.exec(banner)![1], password: /password (\S+)\)/.exec(banner)![1] };
});

test.afterAll(async () => {
  await stack?.stop();
  await sink?.stop();
});

/** A link of the server's, on the test stack's origin (the mail names the configured site). */
const onStack = (href: string) => {
  const url = new URL(href.replaceAll("&amp;", "&"));
  return `${stack.baseUrl}${url.pathname}${url.search}`;
};

const mailsWith = (predicate: (mail: ReceivedMail) => boolean) => sink.received.filter(predicate);

async function openPage(browser: Browser, lang: Lang, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: texts[lang].locale });
  const page = await context.newPage();
  return { context, page, csp: cspErrors(page) };
}

async function checked(page: Page, csp: string[], name: string, exclude?: string) {
  await expectAccessible(page, exclude);
  await screenshot(page, name);
  expect(csp).toEqual([]);
}

for (const lang of ["sv", "en"] as const) {
  const t = texts[lang];

  test(`staff (${lang}, 1366 px): a first sendout from the demo, an import with the company chosen second, undone`, async ({
    browser,
  }) => {
    const { context, page, csp } = await openPage(browser, lang, laptop);
    await page.goto(`${stack.baseUrl}/admin/login`);
    await page.locator("#email").fill(login.email);
    await page.locator("#password").fill(login.password);
    await page.locator("form:has(#email) button[type=submit]").click();
    await page.waitForURL("**/admin");

    const subject = `${lang === "sv" ? "Höstens träffar" : "Autumn meetings"} ${Date.now()}`;
    await page.goto(`${stack.baseUrl}/admin/sendouts`);
    await page.getByRole("link", { name: t.newSendout }).click();
    await page.getByLabel(t.subject, { exact: true }).fill(subject);
    await page.getByLabel(LIST).check();
    await page.getByRole("textbox", { name: t.body }).click();
    await page.keyboard.type("Hej {{firstname|vän}}!");
    await page.getByRole("button", { name: t.saveDraft }).click();
    await expect(page).toHaveURL(/\/admin\/sendouts\/\d+$/);
    // The organization's name, not the service's, when the sender's name is left empty.
    await expect(page.getByTestId("sendout-preview-from")).toHaveText(
      `${t.from}: ${ORGANIZATION} <no-reply@localhost>`,
    );
    await checked(page, csp, `walk-sendout-${lang}`, "[data-testid=sendout-preview-frame]");
    await page.getByRole("button", { name: t.sendButton }).click();
    await page
      .getByRole("alertdialog", { name: t.confirmTitle })
      .getByRole("button", { name: t.confirm, exact: true })
      .click();
    await expect(page.getByText(t.started)).toBeVisible();
    await expect
      .poll(() => mailsWith((mail) => mail.parsed.subject === subject).length, { timeout: 60_000 })
      .toBeGreaterThan(2);
    await page.reload();
    await expect(page.getByText(t.sent, { exact: true })).toBeVisible({ timeout: 60_000 });
    await checked(page, csp, `walk-sendout-sent-${lang}`, "[data-testid=sendout-preview-frame]");

    const sent = mailsWith((mail) => mail.parsed.subject === subject);
    const [first] = sent;
    expect(first.parsed.from?.value[0]).toMatchObject({ name: ORGANIZATION });
    // Filed by the list (RFC 2919): its name encoded as a header word (RFC 2047), its uuid as the id.
    expect(first.raw).toMatch(/^List-Id: =\?UTF-8\?Q\?F=C3=B6rbundsnytt\?= <[0-9a-f-]{36}\.list\.localhost>\r?$/im);
    expect(first.parsed.html).toContain('name="viewport"');
    for (const mail of sent.slice(0, 2)) {
      const href = /href="([^"]*\/unsubscribe\/[0-9a-f-]{36}\/[0-9a-f-]{36}\?p=[^"]+)"/.exec(
        String(mail.parsed.html),
      )?.[1];
      expect(href, "the sendout's unsubscribe link").toBeTruthy();
      unsubscribeLinks.push(onStack(href!));
    }

    // The import: the file first, the company after it; the file stays chosen.
    await page.goto(`${stack.baseUrl}/admin/imports`);
    const stamp = `${lang}${Date.now()}`;
    const rows = [
      "E-post;Förnamn;Efternamn",
      `walk.${stamp}@example.se;Ny;Medlem`,
      `walk2.${stamp}@example.se;Annan;Medlem`,
    ].join("\n");
    await page
      .locator("#import-file")
      .setInputFiles({ name: "walk.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
    const picker = page.getByLabel(t.company, { exact: true });
    const club = await picker.locator("option").nth(1).getAttribute("value");
    await picker.selectOption(club!);
    await page.waitForURL(`**/admin/imports?company_id=${club}`);
    await expect(page.getByTestId("import-membership")).toBeVisible();
    const upload = page.getByRole("button", { name: t.upload });
    await expect(upload).toBeEnabled();
    await checked(page, csp, `walk-import-ready-${lang}`);
    await upload.click();
    const step = page.getByRole("region", { name: t.step });
    await step.getByRole("button", { name: t.preview }).click();
    await step.getByRole("button", { name: t.start }).click();
    const done = page.getByRole("region", { name: t.done });
    await expect(done.getByTestId("import-figures")).toContainText(t.added, { timeout: 60_000 });
    await done.getByRole("button", { name: t.undo }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: t.undoConfirm }).click();
    await expect(page.getByRole("region", { name: t.undone })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("region", { name: t.done })).toHaveCount(0);
    await checked(page, csp, `walk-import-undone-${lang}`);
    await context.close();
  });

  // The recipient's walk once per language, each at its own width: Swedish on a phone, English on a laptop.
  for (const [width, viewport] of lang === "sv" ? ([["390", phone]] as const) : ([["1366", laptop]] as const)) {
    test(`a recipient and a visitor (${lang}, ${width} px): unsubscribe, the link again, undo, preferences; confirm twice`, async ({
      browser,
    }) => {
      const link = unsubscribeLinks.shift();
      expect(link, "a recipient of the staff walk's sendout").toBeTruthy();
      const { context, page, csp } = await openPage(browser, lang, viewport);
      const suffix = `${lang}-${width}`;

      await page.goto(link!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.unsubscribeTitle);
      await expect(page.locator("main")).toContainText(LIST);
      await page.getByRole("button", { name: t.unsubscribeButton }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.leftTitle);
      await checked(page, csp, `walk-unsubscribed-${suffix}`);

      // The link opened again says the person has left, and offers the undo rather than leaving once more.
      await page.goto(link!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.leftTitle);
      await expect(page.getByRole("button", { name: t.unsubscribeButton })).toHaveCount(0);
      await page.getByRole("button", { name: t.resubscribe }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.resubscribedTitle);
      await checked(page, csp, `walk-resubscribed-${suffix}`);
      await page.getByRole("link", { name: t.preferencesLink }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.preferencesTitle);
      await expect(page.locator("main")).toContainText(LIST);
      await checked(page, csp, `walk-preferences-${suffix}`);

      // A visitor signs up on the newsletter's hosted form (double opt-in) and opens the confirmation link twice.
      const listUuid = /\/unsubscribe\/([0-9a-f-]{36})\//.exec(link!)![1];
      const email = `walk.${suffix}.${Date.now()}@example.se`;
      await page.goto(`${stack.baseUrl}/subscribe/${listUuid}`);
      await page.getByLabel(t.email).fill(email);
      await page.getByLabel(t.acceptTerms).check();
      await page.getByRole("button", { name: t.subscribe, exact: true }).click();
      await expect(page.getByRole("status")).toContainText(t.pending);
      await expect.poll(() => mailsWith((mail) => mail.envelopeTo.includes(email)).length, { timeout: 30_000 }).toBe(1);
      const [confirmation] = mailsWith((mail) => mail.envelopeTo.includes(email));
      const confirmHref = /(https?:\/\/[^\s"<>]+\/confirm\/[^\s"<>]+)/.exec(String(confirmation.parsed.text))![1];
      await page.goto(onStack(confirmHref));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.confirmPageTitle);
      await page.getByRole("button", { name: t.confirmButton }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.confirmed);
      await expect(page.getByText(t.pressTheButton)).toHaveCount(0);
      await checked(page, csp, `walk-confirmed-${suffix}`);
      await page.goto(onStack(confirmHref));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.confirmed);
      await expect(page.getByRole("button")).toHaveCount(0);
      await expect(page.getByText(t.pressTheButton)).toHaveCount(0);
      await context.close();
    });
  }
}
