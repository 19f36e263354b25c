// Bulk actions on the member screen: tick rows, the page, or every member the search matches; add them to a
// list (a confirmation with the number of people first, then what the subscription rules did) and export them as CSV
// for Swedish Excel. Swedish at 1366 px and English at 820 px, axe and no CSP complaint on each step, screenshots.
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createAdmin, expectAccessible, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";
import { cspErrors } from "./sendout-stack";

const wide = { width: 1366, height: 900 };
const stamp = crypto.randomBytes(3).toString("hex");
let federation: { company_id: string };
let listName: string;

test.beforeAll(async ({ request }) => {
  federation = cli([
    "company:create",
    "--name",
    `Bulkförbundet ${stamp}`,
    "--org-number",
    `559811-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  cli(["member:generate", "--company", federation.company_id, "--members", "40", "--seed", "31"]);
  const key = cli([
    "api-key:create",
    "--name",
    "e2e bulk",
    "--company",
    federation.company_id,
    "--modules",
    "subscription_list",
  ]) as { client_id: string; client_secret: string };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const token = (
    await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()
  ).access_token;
  listName = `Medlemsbrevet ${stamp}`;
  const created = await request.post("/v3/subscription_list", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: listName, company_id: federation.company_id },
  });
  expect(created.status()).toBe(201);
});

test.use({ viewport: wide, locale: "sv-SE" });

test("select all matching, add them to a list after a confirmation with the count, and export them", async ({
  page,
}) => {
  const csp = cspErrors(page);
  await signIn(page, createAdmin({ role: "EDITOR", scope: federation.company_id }));
  await page.goto("/admin/members");
  const table = page.getByRole("table", { name: "Medlemmar" });
  await expect(page.getByRole("status").filter({ hasText: "medlemmar" })).toHaveText("40 medlemmar");

  // Two rows, then the whole page, then every member the search matches (Gmail's way).
  const checkboxes = table.getByRole("checkbox", { name: /^Välj (?!alla)/ });
  await checkboxes.nth(0).check();
  await checkboxes.nth(1).check();
  const bar = page.getByRole("region", { name: "Åtgärder för valda medlemmar" });
  await expect(bar).toContainText("2 valda");
  await table.getByRole("checkbox", { name: "Välj alla på sidan" }).check();
  await expect(bar).toContainText("25 valda");
  await bar.getByRole("button", { name: "Välj alla 40 som matchar" }).click();
  await expect(bar).toContainText("Alla 40 som matchar sökningen är valda.");
  await expectAccessible(page);
  await screenshot(page, "admin-member-bulk");

  // Adding to a list: the dialog says how many people, and nothing happens before the confirmation.
  await bar.getByRole("button", { name: "Lägg till i lista…" }).click();
  const dialog = page.getByRole("dialog", { name: "Lägg till i lista" });
  await dialog.getByLabel("Lista").selectOption({ label: `${listName} (Bulkförbundet ${stamp})` });
  await expect(dialog.getByTestId("member-bulk-count")).toHaveText(
    `40 medlemmar läggs till som prenumeranter på ”${listName}”.`,
  );
  await expectAccessible(page);
  await screenshot(page, "admin-member-bulk-add");
  await dialog.getByRole("button", { name: "Lägg till", exact: true }).click();
  const result = dialog.getByTestId("member-bulk-result");
  await expect(result).toContainText("Tillagda");
  const text = await result.innerText();
  const counted = (label: string) => Number(new RegExp(`${label}\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  // The generator gives about one in ten no address: those are counted, not added.
  expect(counted("Tillagda") + counted("Saknar e-postadress")).toBe(40);
  expect(counted("Tillagda")).toBeGreaterThan(25);
  await screenshot(page, "admin-member-bulk-result");
  await dialog.getByRole("button", { name: "Stäng" }).click();

  // Export: asked first with the count, then a CSV for Excel with one line per member.
  await bar.getByRole("button", { name: "Exportera valda (CSV)" }).click();
  const ask = page.getByRole("alertdialog", { name: "Exportera valda" });
  await expect(ask).toContainText("En CSV-fil med 40 medlemmar laddas ner");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    ask.getByRole("button", { name: "Ladda ner" }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFFMedlems-id;Förnamn;Efternamn;E-post;")).toBe(true);
  expect(
    csv
      .trim()
      .split("\r\n")
      .filter((line) => /^\d+;/.test(line)),
  ).toHaveLength(40);
  expect(download.suggestedFilename()).toMatch(/^medlemmar-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csp).toEqual([]);
});

test("in English at tablet width: a ticked row, the bar and the dialogs", async ({ page }) => {
  const csp = cspErrors(page);
  await page.setViewportSize(tablet);
  await signIn(page, createAdmin({ role: "EDITOR", scope: federation.company_id }));
  await page.getByRole("button", { name: "In English" }).click();
  await expect(page.getByRole("button", { name: "På svenska" })).toBeVisible();
  await page.goto("/admin/members");
  const table = page.getByRole("table", { name: "Members" });
  await table
    .getByRole("checkbox", { name: /^Select (?!all)/ })
    .first()
    .check();
  const bar = page.getByRole("region", { name: "Actions for the selected members" });
  await expect(bar).toContainText("1 selected");
  await expectAccessible(page);
  await screenshot(page, "admin-member-bulk-tablet-en");
  await bar.getByRole("button", { name: "Add to a list…" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to a list" });
  await dialog.getByLabel("List").selectOption({ label: `${listName} (Bulkförbundet ${stamp})` });
  await expect(dialog.getByTestId("member-bulk-count")).toHaveText(
    `1 member is added as a subscriber of “${listName}”.`,
  );
  await expectAccessible(page);
  await screenshot(page, "admin-member-bulk-add-tablet-en");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  // Clearing the selection hides the bar.
  await bar.getByRole("button", { name: "Clear the selection" }).click();
  await expect(bar).toHaveCount(0);
  expect(csp).toEqual([]);
});
