// The dashboard's member screens against the built server and a fresh SQLite database: search with filters, adding,
// changing and erasing a member, English, read-only VIEWERs and members outside the user's scope.
import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, laptop, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";

interface Created {
  company_id: string;
}

const stamp = crypto.randomBytes(3).toString("hex");
let federation: Created;
let club: Created;
let other: Created;

test.beforeAll(() => {
  const org = (n: number) => `5598${String(n).padStart(2, "0")}-${String(crypto.randomInt(1000, 9999))}`;
  federation = cli(["company:create", "--name", `Medlemsförbundet ${stamp}`, "--org-number", org(1)]) as Created;
  club = cli([
    "company:create",
    "--name",
    `Ekbacka IF ${stamp}`,
    "--org-number",
    org(2),
    "--parent",
    federation.company_id,
  ]) as Created;
  other = cli(["company:create", "--name", `Annat förbund ${stamp}`, "--org-number", org(3)]) as Created;
  cli(["member:generate", "--company", federation.company_id, "--members", "60", "--seed", "11"]);
  cli(["member:generate", "--company", other.company_id, "--members", "5", "--seed", "12"]);
});

test.use({ viewport: laptop, locale: "sv-SE" });

async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test.describe("member screens", () => {
  test("search, add, change and erase a member", async ({ page }) => {
    const editor = createAdmin({ role: "EDITOR", scope: federation.company_id });
    await signIn(page, editor);
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Medlemmar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Medlemmar" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "medlemmar" })).toHaveText("60 medlemmar");
    await expect(page.getByRole("table", { name: "Medlemmar" }).getByRole("row")).toHaveCount(26);
    await expectAccessible(page);
    await screenshot(page, "admin-members");

    // Filters: exited members only, then the address keeps the search.
    await page.getByRole("checkbox", { name: "Utträdd" }).check();
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await expect(page).toHaveURL(/statuses=EXITED/);
    const exited = Number((await page.getByRole("status").filter({ hasText: "medlem" }).innerText()).split(" ")[0]);
    expect(exited).toBeGreaterThan(0);
    expect(exited).toBeLessThan(60);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Utträdd" })).toBeChecked();
    await page.getByRole("button", { name: "Rensa filter" }).click();
    await expect(page.getByRole("status").filter({ hasText: "medlemmar" })).toHaveText("60 medlemmar");
    await page.getByLabel("Ålder från").fill("50");
    await page.getByLabel("Ålder till").fill("20");
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await expect(page.getByText("Ålder från får inte vara högre än ålder till.")).toBeVisible();
    await page.getByRole("button", { name: "Rensa filter" }).click();

    // A new member with a membership in the club and a property.
    await page.getByRole("link", { name: "Ny medlem" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Ny medlem" })).toBeVisible();
    await page.getByRole("button", { name: "Lägg till medlem", exact: true }).click();
    await expect(page.locator("#member-company_id")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Förening", { exact: true }).selectOption(federation.company_id);
    const email = `selma.${stamp}@example.se`;
    await page.getByLabel("E-postadress").fill(email);
    await page.getByLabel("Förnamn").fill("Selma");
    await page.getByLabel("Efternamn").fill(`Lagerlöf${stamp}`);
    await page.getByLabel("Födelsedatum").fill("1958-11-20");
    await page.getByLabel("Kön").selectOption({ label: "Kvinna" });
    // A wrong check digit is refused on the field, in Swedish.
    await page.getByLabel("Personnummer").fill("581120-2020");
    await page.getByRole("button", { name: "Lägg till medlem", exact: true }).click();
    await expect(page.getByText("Ange ett giltigt personnummer, till exempel 20150312-1234.")).toBeVisible();
    await page.getByLabel("Personnummer").fill("581120-2026");
    await page.getByRole("button", { name: "Lägg till medlemskap" }).click();
    await page.locator("#ms-0-company").selectOption(club.company_id);
    await page.locator("#ms-0-type").selectOption({ label: "Senior" });
    await page.getByRole("checkbox", { name: "Träning" }).check();
    await expectAccessible(page);
    await screenshot(page, "admin-member-new");
    await page.getByRole("button", { name: "Lägg till medlem", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Selma Lagerlöf${stamp}` })).toBeVisible();
    const memberships = page.getByRole("table", { name: "Medlemskap" });
    await expect(memberships).toContainText(`Ekbacka IF ${stamp}`);
    await expect(memberships).toContainText("Senior");
    await expect(page.getByRole("region", { name: "Egenskaper" })).toContainText("Träning");
    const personal = page.getByRole("region", { name: "Personuppgifter" });
    await expect(personal).toContainText("Kvinna");
    await expect(personal).toContainText("19581120-2026");
    const memberUrl = page.url();
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, "admin-member");

    // Change the phone; then the same email on another member is refused on the field.
    await page.getByRole("button", { name: "Ändra" }).click();
    await page.getByLabel("Telefon").fill("070-111 22 33");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect(page.getByText("Ändringarna är sparade.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Personuppgifter" })).toContainText("070-111 22 33");
    await page.goto("/admin/members/new");
    await page.getByLabel("Förening", { exact: true }).selectOption(federation.company_id);
    await page.getByLabel("E-postadress").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Lägg till medlem", exact: true }).click();
    await expect(page.getByText("E-postadressen används redan av en annan medlem i föreningen.")).toBeVisible();

    // Erase: the confirmation says what goes; afterwards the member is not found.
    await page.goto(memberUrl);
    await page.getByRole("button", { name: "Radera medlem" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Medlemskap och evenemangsdeltagande finns kvar utan personuppgifter");
    await dialog.getByRole("button", { name: "Radera", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await page.getByLabel("Sök namn, e-post eller telefon").fill(`Lagerlöf${stamp}`);
    await page.getByRole("button", { name: "Sök", exact: true }).click();
    await expect(page.getByText("Inga medlemmar matchar filtren.")).toBeVisible();
    expect((await page.request.get(memberUrl)).status()).toBe(404);
  });

  test("in English at tablet width", async ({ page }) => {
    await page.setViewportSize(tablet);
    await signIn(page, createAdmin({ role: "EDITOR", scope: federation.company_id }));
    await page.getByRole("button", { name: "In English" }).click();
    await expect(page.getByRole("button", { name: "På svenska" })).toBeVisible();
    await page.goto("/admin/members?sort=name_asc");
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "members" })).toContainText("members");
    await expect(page.getByLabel("Sort")).toHaveValue("name_asc");
    await expectAccessible(page);
    await screenshot(page, "admin-members-tablet-en");
    await page.getByRole("table", { name: "Members" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Personal details" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a VIEWER reads only, and nobody sees members outside their scope", async ({ page, browser }) => {
    await signIn(page, createAdmin({ role: "VIEWER", scope: federation.company_id }));
    await page.goto("/admin/members");
    await expect(page.getByRole("status").filter({ hasText: "medlemmar" })).toHaveText("60 medlemmar");
    await expect(page.getByRole("link", { name: "Ny medlem" })).toHaveCount(0);
    await page.getByRole("table", { name: "Medlemmar" }).getByRole("link").first().click();
    await expect(page.getByTestId("read-only")).toBeVisible();
    await expect(page.getByRole("button", { name: "Radera medlem" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Ändra" })).toHaveCount(0);
    expect((await page.request.get("/admin/members/new")).status()).toBe(404);
    const ownMember = page.url();

    const context = await browser.newContext({ viewport: laptop, locale: "sv-SE" });
    try {
      const outsider = await context.newPage();
      await signIn(outsider, createAdmin({ role: "ADMIN", scope: other.company_id }));
      await outsider.goto("/admin/members");
      await expect(outsider.getByRole("status").filter({ hasText: "medlemmar" })).toHaveText("5 medlemmar");
      expect((await outsider.request.get(ownMember)).status()).toBe(404);
      expect((await outsider.request.get("/admin/api/members?q=a")).ok()).toBe(true);
      const noModule = await context.newPage();
      await context.clearCookies();
      await signIn(noModule, createAdmin({ role: "ADMIN", modules: "company" }));
      await expect(
        noModule.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Medlemmar" }),
      ).toHaveCount(0);
      expect((await noModule.request.get("/admin/api/members")).status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
