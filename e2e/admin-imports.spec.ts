// The import screen (/admin/imports): a 10,000-row .xlsx made here with exceljs (one email twice, one row
// without a valid address) uploaded in Swedish at 1366 px and English at 820 px: the mapping prefilled from the headers,
// the preview with the two problems in the staff member's language, start, the progress until done, the result file's
// counts and reasons, and undo behind a question that counts the rows. In English at 820 px also the upload screen and
// subscribers' consent statement. axe on each step, no CSP complaint; screenshots committed (E2E_UPDATE_SCREENSHOTS=1).
import crypto from "node:crypto";
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { createAdmin, dashboardWalks, expectAccessible, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";
import { cspErrors } from "./sendout-stack";

const ROWS = 10_000;

function newCompany(stamp: string): string {
  return (
    cli([
      "company:create",
      "--name",
      `Importklubben ${stamp}`,
      "--org-number",
      `559807-${crypto.randomInt(1000, 9999)}`,
    ]) as { company_id: string }
  ).company_id;
}

/** A 10,000-row sheet: row 5,001 repeats the address of row 11 (sheet rows count the header), row 7,001 has none valid. */
async function bigSheet(file: string, stamp: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet("Medlemmar");
  sheet.addRow(["E-post", "Förnamn", "Efternamn"]).commit();
  for (let i = 1; i <= ROWS; i++) {
    const email =
      i === 5000 ? `person.10.${stamp}@example.se` : i === 7000 ? "inte-en-adress" : `person.${i}.${stamp}@example.se`;
    sheet.addRow([email, `Förnamn${i}`, `Efternamn${i}`]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

const texts = {
  sv: {
    locale: "sv-SE",
    nav: "Import",
    memberKind: "Medlemmar till en förening",
    upload: "Ladda upp",
    step: (file: string) => new RegExp(`Kolumner · ${file}`),
    fields: ["E-post", "Förnamn", "Efternamn"],
    preview: "Förhandsgranska",
    problems: "2 rader har problem och hoppas över:",
    duplicate: "samma e-post som rad 11 i filen",
    invalidEmail: "ogiltig e-postadress",
    previewIntro: /De första 20 av 10\s000 raderna\./,
    start: "Starta importen",
    done: (file: string) => new RegExp(`Importen är klar · ${file}`),
    added: /Tillagda\s*9\s998/,
    skipped: /Överhoppade\s*2/,
    recent: "Senaste importerna",
    doneRow: (file: string) => new RegExp(`${file}.*Klar`),
    download: "Ladda ner resultatet (CSV)",
    header: "Rad;E-post;Resultat;Orsak;Medlems-id",
    addedCell: ";Tillagd;",
    skippedCell: ";Överhoppad;",
    undo: "Ångra importen",
    undoTitle: "Ångra importen?",
    undoRows: /på 9\s998 rader/,
    undoConfirm: "Ja, ångra",
    undone: /Importen är ångrad: 9\s998 rader togs bort, 0 lämnades kvar\./,
    undoneRow: (file: string) => new RegExp(`${file}.*Ångrad`),
  },
  en: {
    locale: "en-GB",
    nav: "Import",
    memberKind: "Members into a company",
    upload: "Upload",
    step: (file: string) => new RegExp(`Columns · ${file}`),
    fields: ["E-post", "Förnamn", "Efternamn"],
    preview: "Preview",
    problems: "2 rows have problems and are skipped:",
    duplicate: "same email as row 11 in the file",
    invalidEmail: "not a valid email address",
    previewIntro: /The first 20 of 10,000 rows\./,
    start: "Start the import",
    done: (file: string) => new RegExp(`The import is done · ${file}`),
    added: /Added\s*9,998/,
    skipped: /Skipped\s*2/,
    recent: "Recent imports",
    doneRow: (file: string) => new RegExp(`${file}.*Done`),
    download: "Download the result (CSV)",
    header: "Row;Email;Outcome;Reason;Member id",
    addedCell: ";Added;",
    skippedCell: ";Skipped;",
    undo: "Undo the import",
    undoTitle: "Undo the import?",
    undoRows: /on 9,998 rows/,
    undoConfirm: "Yes, undo",
    undone: /The import is undone: 9,998 rows removed, 0 left as they were\./,
    undoneRow: (file: string) => new RegExp(`${file}.*Undone`),
  },
} as const;

test.describe("the import screen", () => {
  for (const { lang, viewport } of dashboardWalks) {
    const t = texts[lang];
    const suffix = `${lang}-${viewport.width}`;
    test(`${lang} at ${viewport.width} px: a 10,000-row .xlsx mapped, previewed with its two problems, imported, downloaded and undone`, async ({
      browser,
    }, info) => {
      test.setTimeout(300_000);
      const stamp = `${Date.now()}${crypto.randomInt(100)}`;
      const companyId = newCompany(stamp);
      // A name of its own: the list of recent imports shows every walk's.
      const fileName = `medlemmar-${suffix}.xlsx`;
      const file = info.outputPath(fileName);
      fs.mkdirSync(info.outputDir, { recursive: true });
      await bigSheet(file, stamp);

      const context = await browser.newContext({ viewport, locale: t.locale, acceptDownloads: true });
      const page = await context.newPage();
      await signIn(page, createAdmin());
      const csp = cspErrors(page);
      // The browser's language decides the dashboard's until staff choose another.
      await page.getByRole("navigation").getByRole("link", { name: t.nav, exact: true }).click();
      await page.waitForURL("**/admin/imports");
      await page.goto(`/admin/imports?company_id=${companyId}`);
      await expect(page.getByLabel(t.memberKind)).toBeChecked();
      await page.locator("#import-file").setInputFiles(file);
      await page.getByRole("button", { name: t.upload }).click();

      // The mapping: one select per column (named by the file's own headers), prefilled from the Swedish headers.
      const step = page.getByRole("region", { name: t.step(fileName) });
      await expect(step.getByLabel(t.fields[0])).toHaveValue("email");
      await expect(step.getByLabel(t.fields[1])).toHaveValue("firstname");
      await expect(step.getByLabel(t.fields[2])).toHaveValue("lastname");
      await step.getByRole("button", { name: t.preview }).click();
      const problems = page.getByTestId("import-problems");
      await expect(problems).toContainText(t.problems, { timeout: 60_000 });
      await expect(problems.getByRole("listitem")).toHaveCount(2);
      await expect(problems).toContainText(t.duplicate);
      await expect(problems).toContainText(t.invalidEmail);
      await expect(step).toContainText(t.previewIntro);
      await expect(step.getByRole("cell", { name: `person.1.${stamp}@example.se` })).toBeVisible();
      expect(csp).toEqual([]);
      await expectAccessible(page);
      await screenshot(page, `admin-imports-preview-${suffix}`);

      // Start: the progress bar until done, then the figures.
      await step.getByRole("button", { name: t.start }).click();
      const done = page.getByRole("region", { name: t.done(fileName) });
      await expect(done).toBeVisible({ timeout: 240_000 });
      const figures = done.getByTestId("import-figures");
      await expect(figures).toContainText(t.added);
      await expect(figures).toContainText(t.skipped);
      await expect(
        page.getByRole("region", { name: t.recent }).getByRole("row", { name: t.doneRow(fileName) }),
      ).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `admin-imports-done-${suffix}`);

      // The result file, in the staff member's language: one line per row, 9,998 added and 2 skipped.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        done.getByRole("link", { name: t.download }).click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe(t.header);
      expect(lines).toHaveLength(ROWS + 1);
      expect(lines.filter((line) => line.includes(t.addedCell))).toHaveLength(ROWS - 2);
      const skippedLines = lines.filter((line) => line.includes(t.skippedCell));
      expect(skippedLines).toHaveLength(2);
      expect(skippedLines.join("\n")).toContain(t.duplicate);

      // Undo asks first and says how many rows it removes.
      await done.getByRole("button", { name: t.undo }).click();
      const question = page.getByRole("alertdialog", { name: t.undoTitle });
      await expect(question).toContainText(t.undoRows);
      await expectAccessible(page);
      await screenshot(page, `admin-imports-undo-${suffix}`);
      await question.getByRole("button", { name: t.undoConfirm }).click();
      await expect(page.getByRole("status").filter({ hasText: t.undone })).toBeVisible({ timeout: 60_000 });
      await expect(
        page.getByRole("region", { name: t.recent }).getByRole("row", { name: t.undoneRow(fileName) }),
      ).toBeVisible();
      expect(csp).toEqual([]);
      await context.close();
    });
  }

  test("en at 820 px: the upload and the mapping screen pass axe, and subscribers need the consent statement", async ({
    browser,
    request,
  }) => {
    const stamp = `${Date.now()}${crypto.randomInt(100)}`;
    const companyId = newCompany(stamp);
    const listName = `Nyhetsbrev ${stamp}`;
    const key = cli([
      "api-key:create",
      "--name",
      `e2e import ${stamp}`,
      "--company",
      companyId,
      "--modules",
      "subscription_list",
    ]) as { client_id: string; client_secret: string };
    const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
    const token = (
      await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()
    ).access_token;
    expect(
      (
        await request.post("/v3/subscription_list", {
          headers: { authorization: `Bearer ${token}` },
          data: { name: listName, company_id: companyId },
        })
      ).status(),
    ).toBe(201);
    const context = await browser.newContext({ viewport: tablet, locale: "en-GB" });
    const page = await context.newPage();
    await signIn(page, createAdmin());
    const csp = cspErrors(page);
    await page.goto(`/admin/imports?company_id=${companyId}`);
    await expect(page.getByRole("heading", { name: "New import" })).toBeVisible();
    expect(csp).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, "admin-imports-upload-en-820");

    const rows = [
      "Email;First name;Phone;Notes",
      `a.${stamp}@example.se;Alva;070-1234567;x`,
      `b.${stamp}@example.se;Bo;;y`,
    ].join("\n");
    await page
      .locator("#import-file")
      .setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
    await page.getByRole("button", { name: "Upload" }).click();
    const step = page.getByRole("region", { name: /Columns · people\.csv/ });
    await expect(step.getByLabel("Email")).toHaveValue("email");
    await expect(step.getByLabel("Notes")).toHaveValue("");
    await step.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("import-problems")).toContainText("No problems found.");
    await expect(step).toContainText("The first 2 of 2 rows.");
    expect(csp).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, "admin-imports-mapping-en-820");

    // Subscribers into one of the company's lists: Start waits for the statement of how consent was obtained.
    await page.goto(`/admin/imports?company_id=${companyId}`);
    await page.getByLabel("Subscribers into a list").check();
    await page.getByLabel("List", { exact: true }).selectOption({ label: listName });
    await page
      .locator("#import-file")
      .setInputFiles({ name: "subscribers.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
    await page.getByRole("button", { name: "Upload" }).click();
    const subscribers = page.getByRole("region", { name: /Columns · subscribers\.csv/ });
    await subscribers.getByRole("button", { name: "Preview" }).click();
    const start = subscribers.getByRole("button", { name: "Start the import" });
    await expect(start).toBeDisabled();
    await subscribers
      .getByLabel("How did the subscribers give their consent?")
      .fill("Signed up on paper at the annual meeting 2026");
    expect(csp).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, "admin-imports-consent-en-820");
    await start.click();
    const done = page.getByRole("region", { name: /The import is done · subscribers\.csv/ });
    await expect(done.getByTestId("import-figures")).toContainText(/Added\s*2\s*Updated\s*0\s*Skipped\s*0/, {
      timeout: 60_000,
    });
    expect(csp).toEqual([]);
    await context.close();
  });
});
