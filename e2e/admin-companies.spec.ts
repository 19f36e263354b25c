// The dashboard's company register and company page, against the built server, a fresh SQLite database and the
// leisure-card simulator (e2e/global-setup.ts): search, table and tree, fk_status with its history and audit entries,
// grants, the leisure-card key, the approved-provider check, read-only VIEWERs and companies outside the scope.
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, laptop, screenshot, signIn, tablet, type AdminLogin } from "./admin-helpers";
import { E2E_APPROVED_PROVIDER } from "./global-setup";
import { cli } from "./helpers";

interface Created {
  company_id: string;
}

function database() {
  return new Database(process.env.E2E_DATABASE_URL!.slice("file:".length), { readonly: true });
}

/** The AuditEntry rows of one company and action, oldest first. */
function auditRows(companyId: string, action: string) {
  const db = database();
  try {
    return db
      .prepare(
        'SELECT actor, actorKind, action, objectType, objectId, companyId, summary FROM "AuditEntry" WHERE companyId = ? AND action = ? ORDER BY id',
      )
      .all(companyId, action) as {
      actor: string;
      actorKind: string;
      action: string;
      objectType: string;
      objectId: string;
      companyId: string;
      summary: string;
    }[];
  } finally {
    db.close();
  }
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Waits for the toasts to go (they close by themselves), so the axe check and the screenshot see the page alone. */
async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test.describe("company register and company page", () => {
  // One set of companies for the whole file: a failure stops the file rather than re-creating them in a new worker.
  test.describe.configure({ mode: "serial" });
  test.use({ viewport: laptop, locale: "sv-SE" });

  let federation: Created;
  let club: Created;
  let swimmers: Created;
  let grantName: string;
  let admin: AdminLogin;

  test.beforeAll(() => {
    federation = cli([
      "company:create",
      "--name",
      "Norrsjö Idrottsförbund",
      "--org-number",
      "559900-1000",
      "--street",
      "Storgatan 1",
      "--zipcode",
      "931 30",
      "--post",
      "Norrsjö",
      "--web",
      "https://norrsjo.example.org",
    ]) as Created;
    club = cli([
      "company:create",
      "--name",
      "Norrsjö IF",
      "--org-number",
      E2E_APPROVED_PROVIDER.org_number,
      "--parent",
      federation.company_id,
      "--email",
      "kansli@norrsjoif.example.org",
      "--contact-name",
      "Kim Kassör",
    ]) as Created;
    swimmers = cli([
      "company:create",
      "--name",
      "Norrsjö Simsällskap",
      "--org-number",
      "559900-2000",
      "--parent",
      federation.company_id,
    ]) as Created;
    grantName = "Norrsjöstödet";
    cli(["grant:create", "--name", grantName, "--descr", "Stöd till föreningar i Norrsjö"]);
    // The swimmers' key comes from the CLI (stdin); their giro is not on the simulator's approved list.
    cli(
      ["company:leisure-card-key", swimmers.company_id, "--giro-type", "PLUSGIRO", "--giro-number", "4711-2"],
      "e2e-fk-key-swimmers\n",
    );
    admin = createAdmin();
  });

  test("an ADMIN searches the register and opens the tree", async ({ page }) => {
    await signIn(page, admin);
    await page.goto("/admin/companies");
    await expect(page.getByRole("heading", { level: 1, name: "Föreningar" })).toBeVisible();

    // The search runs on the server: a word of the names, then an org number.
    const search = page.getByLabel("Sök på namn eller organisationsnummer");
    await search.fill("Norrsjö");
    const table = page.getByRole("table", { name: "Föreningar" });
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(page.getByRole("status").filter({ hasText: "3 föreningar" })).toBeVisible();
    const clubRow = table.getByRole("row").filter({ hasText: "Norrsjö IF" });
    await expect(clubRow.getByRole("cell")).toHaveText([
      "Norrsjö IF",
      E2E_APPROVED_PROVIDER.org_number,
      "Norrsjö Idrottsförbund",
      "Ingen",
    ]);
    await expect(clubRow.getByRole("link", { name: "Norrsjö IF" })).toHaveAttribute(
      "href",
      `/admin/companies/${club.company_id}`,
    );
    await expectAccessible(page);
    await screenshot(page, "admin-companies");

    await search.fill("559900-2000");
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("link", { name: "Norrsjö Simsällskap" })).toBeVisible();
    await search.fill("ingen sådan förening");
    await expect(page.getByText("Inga föreningar matchar sökningen.")).toBeVisible();

    // The tree: the federation is a root, its clubs open under it with a disclosure button.
    await search.fill("Norrsjö");
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(page.getByRole("button", { name: "Tabell" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Träd" }).click();
    await expect(page.getByRole("button", { name: "Träd" })).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/view=tree/);
    const disclosure = page.getByRole("button", { name: "Underföreningar till Norrsjö Idrottsförbund" });
    await expect(disclosure).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: "Norrsjö IF" })).toHaveCount(0);
    await disclosure.click();
    await expect(disclosure).toHaveAttribute("aria-expanded", "true");
    const children = page.locator(`#${await disclosure.getAttribute("aria-controls")}`);
    await expect(children.getByRole("link")).toHaveText(["Norrsjö IF", "Norrsjö Simsällskap"]);
    await expectAccessible(page);
    await screenshot(page, "admin-companies-tree");

    // Tablet width: the register still fits.
    await page.setViewportSize(tablet);
    await page.getByRole("button", { name: "Tabell" }).click();
    await expectNoHorizontalScroll(page);
  });

  test("an ADMIN changes fk_status, activates a grant, sets the leisure-card key and checks the provider", async ({
    page,
  }) => {
    await signIn(page, admin);
    await page.goto("/admin/companies");
    await page.getByLabel("Sök på namn eller organisationsnummer").fill("Norrsjö IF");
    await page.getByRole("link", { name: "Norrsjö IF" }).click();
    await expect(page).toHaveURL(`/admin/companies/${club.company_id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Norrsjö IF" })).toBeVisible();

    // The register fields, read-only.
    const details = page.getByRole("region", { name: "Registeruppgifter" });
    await expect(details.getByRole("link", { name: "Norrsjö Idrottsförbund" })).toHaveAttribute(
      "href",
      `/admin/companies/${federation.company_id}`,
    );
    await expect(details.getByText("kansli@norrsjoif.example.org")).toBeVisible();
    await expect(details.getByText("Kim Kassör")).toBeVisible();

    // fk_status: NONE -> ACTIVE, seen in the history (who, from, to) and in the audit log.
    const fk = page.getByRole("region", { name: "Fritidskortsstatus" });
    await expect(fk.getByText("Statusen har inte ändrats ännu.")).toBeVisible();
    // Nothing to save while the choice is the current status; a change asks first, naming the company and both
    // statuses, and cancelling changes nothing.
    await expect(fk.getByRole("button", { name: "Spara status" })).toBeDisabled();
    await fk.getByLabel("Ny status").selectOption("ACTIVE");
    await fk.getByRole("button", { name: "Spara status" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Ändra fritidskortsstatus för Norrsjö IF?" });
    await expect(confirm.getByTestId("fk-confirm-change")).toHaveText("Norrsjö IF ändras från ”Ingen” till ”Aktiv”.");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Avbryt" }).click();
    await expect(confirm).toBeHidden();
    await expect(fk.getByTestId("fk-current")).toHaveText("Ingen");
    expect(auditRows(club.company_id, "company.fk_status")).toEqual([]);
    await fk.getByRole("button", { name: "Spara status" }).click();
    await confirm.getByRole("button", { name: "Ändra status" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("Fritidskortsstatusen är nu ”Aktiv”.")).toBeVisible();
    await expect(fk.getByTestId("fk-current")).toHaveText("Aktiv");
    const history = fk.getByRole("table", { name: "Ändringar av fritidskortsstatus, senaste först" });
    await expect(history.getByRole("row")).toHaveCount(2);
    const cells = history.getByRole("row").nth(1).getByRole("cell");
    await expect(cells.nth(1)).toHaveText(admin.email);
    await expect(cells.nth(2)).toHaveText("Ingen");
    await expect(cells.nth(3)).toHaveText("Aktiv");
    await expect(cells.nth(0)).toHaveText(/^\d{1,2} [a-zé]+\.? \d{4} \d{2}:\d{2}$/);
    expect(auditRows(club.company_id, "company.fk_status")).toEqual([
      {
        actor: `admin:${admin.email}`,
        actorKind: "admin_user",
        action: "company.fk_status",
        objectType: "company",
        objectId: club.company_id,
        companyId: club.company_id,
        summary: "NONE → ACTIVE",
      },
    ]);

    // A grant, activated after a confirmation.
    const grants = page.getByRole("region", { name: "Stöd" });
    const grant = grants.getByRole("listitem").filter({ hasText: grantName });
    await expect(grant).toContainText("Inte aktiverat");
    await grant.getByRole("button", { name: `Aktivera ${grantName}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Aktivera ${grantName}?` });
    await dialog.getByRole("button", { name: "Aktivera" }).click();
    await expect(dialog).toBeHidden();
    await expect(grant).toContainText(/Aktiverat \d/);
    await expect(grant.getByRole("button")).toHaveCount(0);
    expect(auditRows(club.company_id, "grant.activate").map((r) => [r.actor, r.summary])).toEqual([
      [`admin:${admin.email}`, grantName],
    ]);

    // The leisure-card key: set, never shown back, the field emptied.
    const key = page.getByRole("region", { name: "Fritidskortsnyckel" });
    await expect(key.getByText("Ingen nyckel är sparad för föreningen.")).toBeVisible();
    await key.getByRole("button", { name: "Spara nyckel" }).click();
    await expect(key.getByText("Fältet måste fyllas i.")).toBeVisible();
    await expect(key.getByLabel("API-nyckel")).toHaveAttribute("type", "password");
    await key.getByLabel("API-nyckel").fill(E2E_APPROVED_PROVIDER.api_key);
    await key.getByLabel("Girotyp").selectOption(E2E_APPROVED_PROVIDER.giro_type);
    await key.getByLabel("Gironummer").fill(E2E_APPROVED_PROVIDER.giro_number);
    await key.getByRole("button", { name: "Spara nyckel" }).click();
    await expect(page.getByText("Fritidskortsnyckeln är sparad.")).toBeVisible();
    await expect(key.getByLabel("API-nyckel")).toHaveValue("");
    const record = key.getByTestId("key-record");
    await expect(record).toContainText("Bankgiro");
    await expect(record).toContainText(E2E_APPROVED_PROVIDER.giro_number);
    expect(await page.content()).not.toContain(E2E_APPROVED_PROVIDER.api_key);
    expect(auditRows(club.company_id, "leisure_card_key.set").map((r) => r.summary)).toEqual(["key set"]);

    // The approved-provider check against the simulator.
    const check = page.getByRole("region", { name: "Utförarstatus hos Fritidskortet" });
    await check.getByRole("button", { name: "Kontrollera godkänd utförare" }).click();
    await expect(check.getByRole("status")).toHaveText(/Godkänd utförare/);
    await expect(check.getByRole("status")).not.toContainText("Inte");
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, "admin-company");

    await page.setViewportSize(tablet);
    await expectNoHorizontalScroll(page);
    // Nothing in the server-rendered HTML that the Content-Security-Policy would refuse (inline style attributes).
    for (const path of ["/admin/companies", `/admin/companies/${club.company_id}`]) {
      expect(await (await page.request.get(path)).text()).not.toMatch(/<[^>]+\sstyle=/);
    }
  });

  test("the check says in words why it failed, or that a company is not approved", async ({ page }) => {
    await signIn(page, admin);
    // No key record at all.
    await page.goto(`/admin/companies/${federation.company_id}`);
    const check = page.getByRole("region", { name: "Utförarstatus hos Fritidskortet" });
    await check.getByRole("button", { name: "Kontrollera godkänd utförare" }).click();
    await expect(check.getByRole("status")).toContainText("Kontrollen kunde inte göras");
    await expect(check.getByRole("status")).toContainText(
      "Föreningen har ingen sparad fritidskortsnyckel. Spara en nyckel först.",
    );

    // A key (set with the CLI) whose giro the leisure-card service does not approve.
    await page.goto(`/admin/companies/${swimmers.company_id}`);
    await expect(page.getByTestId("key-record")).toContainText("Plusgiro");
    await check.getByRole("button", { name: "Kontrollera godkänd utförare" }).click();
    await expect(check.getByRole("status")).toContainText("Inte godkänd utförare");
    // Why, when and what next: what was asked, the time in Swedish time, and the steps.
    const why = check.getByTestId("provider-not-approved");
    await expect(why).toContainText("Fritidskortet har inte föreningen som godkänd utförare");
    await expect(why).toContainText("Frågan gällde organisationsnummer 559900-2000 med Plusgiro");
    await expect(why).toContainText("ansök om att bli godkänd utförare hos Fritidskortet");
    await expect(why).toContainText("kontrollera på nytt");
    const checkedAt = check.getByTestId("provider-checked-at");
    await expect(checkedAt).toHaveText(/^Kontrollerad \d{1,2} [a-zé]+\.? \d{4} \d{2}:\d{2}$/);
    // Stockholm's date, whatever the browser's zone (the tests' browser runs in UTC).
    const today = new Intl.DateTimeFormat("sv-SE", { dateStyle: "medium", timeZone: "Europe/Stockholm" }).format(
      new Date(),
    );
    await expect(checkedAt).toContainText(today);
    await expectAccessible(page);
    await screenshot(page, "admin-company-not-approved");

    // The service failing: in English too, with the HTTP status.
    const control = await fetch(`${process.env.E2E_LEISURE_CARD_URL}/__control/behaviour`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ org_number: "559900-2000", status: 503 }),
    });
    expect(control.ok).toBe(true);
    try {
      await page.getByRole("button", { name: "In English" }).click();
      await expect(page.getByRole("button", { name: "På svenska" })).toBeVisible();
      const checkEn = page.getByRole("region", { name: "Provider status at Fritidskortet" });
      await checkEn.getByRole("button", { name: "Check approved provider" }).click();
      await expect(checkEn.getByRole("status")).toContainText(
        "Fritidskortet answered with an error (HTTP 503). Try again later.",
      );
    } finally {
      await fetch(`${process.env.E2E_LEISURE_CARD_URL}/__control`, { method: "DELETE" });
    }
  });

  test("a VIEWER sees the company read-only", async ({ page }) => {
    const viewer = createAdmin({ role: "VIEWER" });
    await signIn(page, viewer);
    await page.goto(`/admin/companies/${swimmers.company_id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Norrsjö Simsällskap" })).toBeVisible();
    await expect(page.getByRole("note")).toHaveText("Du har läsbehörighet och kan inte ändra något här.");
    const fk = page.getByRole("region", { name: "Fritidskortsstatus" });
    await expect(fk.getByTestId("fk-current")).toHaveText("Ingen");
    await expect(page.getByLabel("Ny status")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Spara status" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Stöd" }).getByText(grantName)).toBeVisible();
    await expect(page.getByRole("button", { name: /^Aktivera/ })).toHaveCount(0);
    await expect(page.getByTestId("key-record")).toContainText("4711-2");
    await expect(page.getByLabel("API-nyckel")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Spara nyckel" })).toHaveCount(0);
    // The approved-provider check changes nothing, so a VIEWER may run it.
    await page.getByRole("button", { name: "Kontrollera godkänd utförare" }).click();
    await expect(page.getByTestId("provider-check")).toHaveText(/Inte godkänd utförare/);
    await expectAccessible(page);
  });

  test("a company outside the caller's scope is not found, and its data is not shown", async ({ page }) => {
    const editor = createAdmin({ role: "EDITOR", scope: swimmers.company_id });
    await signIn(page, editor);
    await page.goto("/admin/companies");
    await expect(page.getByRole("table", { name: "Föreningar" }).getByRole("link")).toHaveText(["Norrsjö Simsällskap"]);

    const response = await page.goto(`/admin/companies/${club.company_id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Föreningen hittades inte" })).toBeVisible();
    await expect(page.locator("main")).not.toContainText("Norrsjö IF");
    await expect(page.locator("main")).not.toContainText(E2E_APPROVED_PROVIDER.org_number);
    expect((await page.request.get(`/admin/api/companies/${club.company_id}`)).status()).toBe(403);
    expect((await page.request.get(`/admin/api/companies/${club.company_id}/history`)).status()).toBe(403);
    expect((await page.request.get(`/admin/api/companies/${club.company_id}/leisure-card-key`)).status()).toBe(403);
    expect((await page.request.get("/admin/companies/not-a-company-id")).status()).toBe(404);
    await expectAccessible(page);
  });
});
