// The import screen (/admin/imports, issue 19): a 10,000-row .xlsx made here with exceljs (one email twice, one row
// without a valid address) uploaded in Swedish at 1366 px: the mapping prefilled from the headers, the preview with the
// two problems, start, the progress until done, the result file's counts, and undo behind a question that counts the
// rows. In English at 820 px the upload and the mapping, with axe. No CSP complaint; screenshots committed
// (E2E_UPDATE_SCREENSHOTS=1).
import crypto from "node:crypto";
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test } from "@playwright/test";
import { createAdmin, expectAccessible, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";
import { cspErrors } from "./sendout-stack";

const wide = { width: 1366, height: 900 };
const ROWS = 10_000;

function newCompany(stamp: string): string {
  return (cli(["company:create", "--name", `Importklubben ${stamp}`, "--org-number", `559807-${crypto.randomInt(1000, 9999)}`]) as { company_id: string }).company_id;
}

/** A 10,000-row sheet: row 5,001 repeats the address of row 11 (sheet rows count the header), row 7,001 has none valid. */
async function bigSheet(file: string, stamp: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet("Medlemmar");
  sheet.addRow(["E-post", "Förnamn", "Efternamn"]).commit();
  for (let i = 1; i <= ROWS; i++) {
    const email = i === 5000 ? `person.10.${stamp}@example.se` : i === 7000 ? "inte-en-adress" : `person.${i}.${stamp}@example.se`;
    sheet.addRow([email, `Förnamn${i}`, `Efternamn${i}`]).commit();
  }
  sheet.commit();
  await workbook.commit();
}

test.describe("the import screen", () => {
  test("sv at 1366 px: a 10,000-row .xlsx mapped, previewed with its two problems, imported, downloaded and undone", async ({ browser }, info) => {
    test.setTimeout(300_000);
    const stamp = `${Date.now()}${crypto.randomInt(100)}`;
    const companyId = newCompany(stamp);
    const file = info.outputPath("medlemmar.xlsx");
    fs.mkdirSync(info.outputDir, { recursive: true });
    await bigSheet(file, stamp);

    const context = await browser.newContext({ viewport: wide, locale: "sv-SE", acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, createAdmin());
    const csp = cspErrors(page);
    await page.getByRole("link", { name: "Import", exact: true }).click();
    await page.waitForURL("**/admin/imports");
    await page.goto(`/admin/imports?company_id=${companyId}`);
    await expect(page.getByLabel("Medlemmar till en förening")).toBeChecked();
    await page.locator("#import-file").setInputFiles(file);
    await page.getByRole("button", { name: "Ladda upp" }).click();

    // The mapping: one select per column, prefilled from the Swedish headers.
    const step = page.getByRole("region", { name: /Kolumner · medlemmar\.xlsx/ });
    await expect(step.getByLabel("E-post")).toHaveValue("email");
    await expect(step.getByLabel("Förnamn")).toHaveValue("firstname");
    await expect(step.getByLabel("Efternamn")).toHaveValue("lastname");
    await step.getByRole("button", { name: "Förhandsgranska" }).click();
    const problems = page.getByTestId("import-problems");
    await expect(problems).toContainText("2 rader har problem och hoppas över:", { timeout: 60_000 });
    await expect(problems.getByRole("listitem")).toHaveCount(2);
    await expect(problems).toContainText("duplicate of row");
    await expect(step).toContainText(/De första 20 av 10\s000 raderna\./);
    await expect(step.getByRole("cell", { name: `person.1.${stamp}@example.se` })).toBeVisible();
    await screenshot(page, "admin-imports-preview-sv-1366");

    // Start: the progress bar until done, then the figures.
    await step.getByRole("button", { name: "Starta importen" }).click();
    const done = page.getByRole("region", { name: /Importen är klar · medlemmar\.xlsx/ });
    await expect(done).toBeVisible({ timeout: 240_000 });
    const figures = done.getByTestId("import-figures");
    await expect(figures).toContainText(/Tillagda\s*9\s998/);
    await expect(figures).toContainText(/Överhoppade\s*2/);
    await expect(page.getByRole("region", { name: "Senaste importerna" }).getByRole("row", { name: /medlemmar\.xlsx.*Klar/ })).toBeVisible();
    await screenshot(page, "admin-imports-done-sv-1366");

    // The result file: one line per row, 9,998 added and 2 skipped.
    const [download] = await Promise.all([page.waitForEvent("download"), done.getByRole("link", { name: "Ladda ner resultatet (CSV)" }).click()]);
    const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe("Rad;E-post;Resultat;Orsak;Medlems-id");
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines.filter((line) => line.includes(";Tillagd;"))).toHaveLength(ROWS - 2);
    expect(lines.filter((line) => line.includes(";Överhoppad;"))).toHaveLength(2);

    // Undo asks first and says how many rows it removes.
    await done.getByRole("button", { name: "Ångra importen" }).click();
    const question = page.getByRole("alertdialog", { name: "Ångra importen?" });
    await expect(question).toContainText(/på 9\s998 rader/);
    await screenshot(page, "admin-imports-undo-sv-1366");
    await question.getByRole("button", { name: "Ja, ångra" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Importen är ångrad: 9\s998 rader togs bort, 0 lämnades kvar\./ })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("region", { name: "Senaste importerna" }).getByRole("row", { name: /medlemmar\.xlsx.*Ångrad/ })).toBeVisible();
    expect(csp).toEqual([]);
    await context.close();
  });

  test("en at 820 px: the upload and the mapping screen pass axe, and subscribers need the consent statement", async ({ browser, request }) => {
    const stamp = `${Date.now()}${crypto.randomInt(100)}`;
    const companyId = newCompany(stamp);
    const listName = `Nyhetsbrev ${stamp}`;
    const key = cli(["api-key:create", "--name", `e2e import ${stamp}`, "--company", companyId, "--modules", "subscription_list"]) as { client_id: string; client_secret: string };
    const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
    const token = (await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()).access_token;
    expect((await request.post("/v3/subscription_list", { headers: { authorization: `Bearer ${token}` }, data: { name: listName, company_id: companyId } })).status()).toBe(201);
    const context = await browser.newContext({ viewport: tablet, locale: "en-GB" });
    const page = await context.newPage();
    await signIn(page, createAdmin());
    const csp = cspErrors(page);
    await page.goto(`/admin/imports?company_id=${companyId}`);
    await expect(page.getByRole("heading", { name: "New import" })).toBeVisible();
    expect(csp).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, "admin-imports-upload-en-820");

    const rows = ["Email;First name;Phone;Notes", `a.${stamp}@example.se;Alva;070-1234567;x`, `b.${stamp}@example.se;Bo;;y`].join("\n");
    await page.locator("#import-file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
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
    await page.locator("#import-file").setInputFiles({ name: "subscribers.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
    await page.getByRole("button", { name: "Upload" }).click();
    const subscribers = page.getByRole("region", { name: /Columns · subscribers\.csv/ });
    await subscribers.getByRole("button", { name: "Preview" }).click();
    const start = subscribers.getByRole("button", { name: "Start the import" });
    await expect(start).toBeDisabled();
    await subscribers.getByLabel("How did the subscribers give their consent?").fill("Signed up on paper at the annual meeting 2026");
    expect(csp).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, "admin-imports-consent-en-820");
    await start.click();
    const done = page.getByRole("region", { name: /The import is done · subscribers\.csv/ });
    await expect(done.getByTestId("import-figures")).toContainText(/Added\s*2\s*Updated\s*0\s*Skipped\s*0/, { timeout: 60_000 });
    expect(csp).toEqual([]);
    await context.close();
  });
});
