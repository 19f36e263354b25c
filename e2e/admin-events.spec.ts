// The dashboard's event screens against the built server and a fresh SQLite database: a company's events, creating
// and changing an event (times in its zone), registering members up to the capacity, deleting, English, VIEWERs.
import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, laptop, screenshot, signIn, tablet } from "./admin-helpers";
import { cli } from "./helpers";

interface Created {
  company_id: string;
}

const stamp = crypto.randomBytes(3).toString("hex");
let federation: Created;
let clubWithoutEvents: Created;

test.beforeAll(() => {
  federation = cli([
    "company:create",
    "--name",
    `Evenemangsförbundet ${stamp}`,
    "--org-number",
    `559700-${crypto.randomInt(1000, 9999)}`,
  ]) as Created;
  clubWithoutEvents = cli([
    "company:create",
    "--name",
    `Björkby SK ${stamp}`,
    "--org-number",
    `559701-${crypto.randomInt(1000, 9999)}`,
    "--parent",
    federation.company_id,
  ]) as Created;
  cli(["member:generate", "--company", federation.company_id, "--members", "20", "--seed", "21"]);
});

test.use({ viewport: laptop, locale: "sv-SE" });

async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/** Two members of the federation with an email, for registering. */
async function twoMembers(page: Page) {
  const res = await page.request.get("/admin/api/members?email=EXISTS&sort=created_asc");
  const body = (await res.json()) as { members: { id: number; email: string; firstname: string; lastname: string }[] };
  return body.members.slice(0, 2);
}

test.describe("event screens", () => {
  test("opens on the company whose events there are, not the first club by name", async ({ page }) => {
    // The federation's scope: "Björkby SK" comes first by name and has no events; the federation has four.
    await signIn(page, createAdmin({ role: "EDITOR", scope: federation.company_id }));
    await page.goto("/admin/events");
    await expect(page.getByLabel("Förening", { exact: true })).toHaveValue(federation.company_id);
    await expect(page.getByRole("table", { name: "Evenemang" }).getByRole("row")).toHaveCount(5);
  });

  test("with every company (the demo's and the other tests'), the picker has a search field; one match is chosen", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // A federation's worth of clubs, so the list is long whichever tests ran before.
    for (let i = 1; i <= 8; i++) {
      cli([
        "company:create",
        "--name",
        `Klubb ${i} ${stamp}`,
        "--org-number",
        `559702-${crypto.randomInt(1000, 9999)}`,
        "--parent",
        federation.company_id,
      ]);
    }
    await signIn(page, createAdmin());
    await page.goto("/admin/events");
    await page.getByLabel("Sök förening").fill(`Björkby SK ${stamp}`);
    await expect(page.getByText("1 förening matchar")).toBeVisible();
    await expect(page.getByLabel("Förening", { exact: true })).toHaveValue(clubWithoutEvents.company_id);
    await expect(page).toHaveURL(new RegExp(`company_id=${clubWithoutEvents.company_id}`));
    await expect(page.getByText("Föreningen har inga evenemang ännu.")).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(tablet);
    await screenshot(page, "admin-events-picker-tablet");
  });

  test("create, register up to the capacity, change and delete an event", async ({ page }) => {
    await signIn(page, createAdmin({ role: "EDITOR", scope: federation.company_id }));
    await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Evenemang" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Evenemang" })).toBeVisible();
    await page.getByLabel("Förening", { exact: true }).selectOption(federation.company_id);
    await expect(page).toHaveURL(new RegExp(`company_id=${federation.company_id}`));
    await expect(page.getByRole("table", { name: "Evenemang" }).getByRole("row")).toHaveCount(5);
    await expectAccessible(page);
    await screenshot(page, "admin-events");

    await page.getByRole("button", { name: "Nytt evenemang" }).click();
    await page.getByRole("button", { name: "Skapa evenemang" }).click();
    await expect(page.locator("#event-name")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Namn", { exact: true }).fill(`Vårmöte ${stamp}`);
    await page.getByLabel("Plats", { exact: true }).fill("Föreningshuset");
    await page.getByLabel("Börjar").fill("2027-03-10T18:00");
    await page.getByLabel("Slutar").fill("2027-03-10T17:00");
    await page.getByLabel("Antal platser").fill("1");
    await page.getByRole("button", { name: "Skapa evenemang" }).click();
    await expect(page.getByText("Evenemanget måste sluta efter att det börjar.")).toBeVisible();
    await page.getByLabel("Slutar").fill("2027-03-10T21:00");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Skapa evenemang" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Vårmöte ${stamp}` })).toBeVisible();
    const details = page.getByRole("region", { name: "Uppgifter" });
    await expect(details).toContainText("10 mars 2027 18:00 – 10 mars 2027 21:00 (Europe/Stockholm)");
    const eventId = page.url().split("/").pop();
    const api = await page.request.get(`/admin/api/events?company_id=${federation.company_id}`);
    const saved = ((await api.json()) as { id: number; starts_at: string }[]).find((e) => String(e.id) === eventId);
    expect(saved?.starts_at).toBe("2027-03-10T18:00:00+01:00");

    // Register one member; the second finds the event full; unregister.
    const [first, second] = await twoMembers(page);
    const participants = page.getByRole("region", { name: "Deltagare" });
    await page.getByLabel("Sök medlem att anmäla").fill(first.email);
    await participants.getByRole("button", { name: `Anmäl ${first.firstname} ${first.lastname}` }).click();
    await expect(page.getByText(`${first.firstname} ${first.lastname} är anmäld.`)).toBeVisible();
    await expect(participants.getByRole("status")).toHaveText("1 anmälda av 1");
    await page.getByLabel("Sök medlem att anmäla").fill(second.email);
    await participants.getByRole("button", { name: `Anmäl ${second.firstname} ${second.lastname}` }).click();
    await expect(page.getByText("Evenemanget är fullt.")).toBeVisible();
    await toastsGone(page);
    await expectAccessible(page);
    await screenshot(page, "admin-event");
    await participants.getByRole("button", { name: `Avanmäl ${first.firstname} ${first.lastname}` }).click();
    await expect(participants.getByRole("status")).toHaveText("0 anmälda av 1");

    // Change the place, then delete.
    await page.getByRole("button", { name: "Ändra" }).click();
    await page.getByLabel("Plats", { exact: true }).fill("Klubbstugan");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect(details).toContainText("Klubbstugan");
    await page.getByRole("button", { name: "Ta bort evenemang" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Ta bort", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/events\?company_id=/);
    await expect(
      page.getByRole("table", { name: "Evenemang" }).getByRole("link", { name: `Vårmöte ${stamp}` }),
    ).toHaveCount(0);
    expect((await page.request.get(`/admin/events/${eventId}`)).status()).toBe(404);
  });

  test("in English at tablet width, and read-only for a VIEWER", async ({ page, browser }) => {
    await page.setViewportSize(tablet);
    await signIn(page, createAdmin({ role: "EDITOR", scope: federation.company_id }));
    await page.getByRole("button", { name: "In English" }).click();
    await expect(page.getByRole("button", { name: "På svenska" })).toBeVisible();
    await page.goto(`/admin/events?company_id=${federation.company_id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
    await page.getByRole("table", { name: "Events" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Participants" })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, "admin-event-tablet-en");
    const eventUrl = page.url();

    const context = await browser.newContext({ viewport: laptop, locale: "sv-SE" });
    try {
      const viewer = await context.newPage();
      await signIn(viewer, createAdmin({ role: "VIEWER", scope: federation.company_id }));
      await viewer.goto(`/admin/events?company_id=${federation.company_id}`);
      await expect(viewer.getByRole("table", { name: "Evenemang" })).toBeVisible();
      await expect(viewer.getByRole("button", { name: "Nytt evenemang" })).toHaveCount(0);
      await viewer.goto(eventUrl);
      await expect(viewer.getByTestId("read-only")).toBeVisible();
      await expect(viewer.getByRole("button", { name: "Ta bort evenemang" })).toHaveCount(0);
      await expect(viewer.getByLabel("Sök medlem att anmäla")).toHaveCount(0);
      await expectAccessible(viewer);
      await context.clearCookies();
      const outsider = await context.newPage();
      const elsewhere = cli([
        "company:create",
        "--name",
        `Annanstans ${stamp}`,
        "--org-number",
        `559702-${crypto.randomInt(1000, 9999)}`,
      ]) as Created;
      await signIn(outsider, createAdmin({ role: "ADMIN", scope: elsewhere.company_id }));
      expect((await outsider.request.get(eventUrl)).status()).toBe(404);
      expect((await outsider.request.get(`/admin/api/events?company_id=${federation.company_id}`)).status()).toBe(403);
    } finally {
      await context.close();
    }
  });
});
