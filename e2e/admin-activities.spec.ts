// The dashboard's activity screens against the built server: staff create an activity with a weekly schedule, see its
// occasions as a list and a month calendar, enroll members into a full activity (the second waits), open an
// occasion's attendance, and download the LOK-stöd report as CSV and Excel; in Swedish, and in English.
import crypto from "node:crypto";
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, laptop, screenshot, signIn } from "./admin-helpers";
import { cli } from "./helpers";

const stamp = crypto.randomBytes(3).toString("hex");
let club: { company_id: string };

test.beforeAll(() => {
  club = cli([
    "company:create",
    "--name",
    `Aktivitetsklubben ${stamp}`,
    "--org-number",
    `559703-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  cli(["member:generate", "--company", club.company_id, "--members", "6", "--seed", "31"]);
});

test.use({ viewport: laptop, locale: "sv-SE" });

/**
 * The schedule's dates: from four weeks ago (so its first occasions are past and take attendance, whatever the
 * holidays) to the end of today's half-year (Swedish time), and that half-year's first day for the report.
 */
function scheduleDates() {
  const day = (at: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(at);
  const today = day(new Date());
  const year = today.slice(0, 4);
  const spring = today.slice(5, 7) <= "06";
  return {
    from: day(new Date(Date.now() - 28 * 86_400_000)),
    to: spring ? `${year}-06-30` : `${year}-12-31`,
    halfYear: spring ? `${year}-01-01` : `${year}-07-01`,
  };
}

async function membersWithEmail(page: Page) {
  const res = await page.request.get("/admin/api/members?email=EXISTS&sort=created_asc");
  const body = (await res.json()) as { members: { id: number; email: string; organization_id?: string }[] };
  return body.members;
}

async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("staff create an activity, see its occasions, fill it and its waitlist, and download the LOK report", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const dates = scheduleDates();
  const name = `Innebandy ${stamp}`;
  await signIn(page, createAdmin({ scope: club.company_id }));
  await page.getByRole("link", { name: "Aktiviteter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Aktiviteter" })).toBeVisible();
  await expect(page.getByText("Föreningen har inga aktiviteter ännu.")).toBeVisible();

  await page.getByRole("button", { name: "Ny aktivitet" }).click();
  await page.getByLabel("Namn", { exact: true }).fill(name);
  await page.getByLabel("Plats", { exact: true }).fill("Sporthallen");
  await page.getByLabel("Antal platser").fill("1");
  await page.getByLabel("Födda från år").fill("2014");
  await page.getByLabel("Födda till år").fill("2016");
  await page.getByLabel("Veckodag (Rad 1)").selectOption("3");
  await page.getByLabel("Första dag (Rad 1)").fill(dates.from);
  await page.getByLabel("Sista dag (Rad 1)").fill(dates.to);
  await page.getByRole("button", { name: "Lägg till veckodag" }).click();
  await expect(page.getByTestId("schedule-rule")).toHaveCount(2);
  await page.getByRole("button", { name: "Ta bort rad 2" }).click();
  await expect(page.getByTestId("schedule-rule")).toHaveCount(1);
  await expectAccessible(page);
  await screenshot(page, "admin-activity-new-laptop-sv");
  await page.getByRole("button", { name: "Skapa aktivitet" }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("onsdagar 18:00, 60 min")).toBeVisible();
  const rows = page.getByTestId("occasions-table").getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(2);
  await page.getByRole("button", { name: "Kalender" }).click();
  await expect(page.getByTestId("occasion-calendar")).toBeVisible();
  await expect(page.getByTestId("occasion-calendar").getByRole("link").first()).toBeVisible();

  const [first, second, leader] = (await membersWithEmail(page)).slice(0, 3);
  for (const [member, toast] of [
    [first, "är inskriven"],
    [second, "står på väntelistan"],
  ] as const) {
    await page.getByLabel("Sök medlem").fill(member.email);
    await page.getByRole("button", { name: /^Skriv in / }).click();
    await expect(page.getByText(toast)).toBeVisible();
  }
  await page.getByLabel("Sök medlem").fill(leader.email);
  await page.getByRole("button", { name: /^Lägg till .* som ledare$/ }).click();
  await expect(page.getByTestId("leaders").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("enrolled").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("waitlist").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("1 inskrivna av 1, 1 på väntelistan")).toBeVisible();
  await page.getByLabel("Sök medlem").fill("");
  await toastsGone(page);
  await expectAccessible(page);
  await screenshot(page, "admin-activity-laptop-sv");

  // The first occasion cancelled: struck through in the list and named in the calendar.
  await page.getByRole("button", { name: "Lista" }).click();
  await page
    .getByRole("button", { name: /^Ställ in tillfället / })
    .first()
    .click();
  await expect(page.getByText("Tillfället är inställt.")).toBeVisible();
  await expect(page.getByTestId("occasions-table").getByRole("row").nth(1)).toContainText("Inställt");
  await page.getByRole("button", { name: /^Återställ tillfället / }).click();
  await expect(page.getByTestId("occasions-table").getByRole("row").nth(1)).toContainText("Planerat");

  // The first occasion's attendance: the enrolled member is listed, not yet recorded.
  await page
    .getByRole("link", { name: /^Närvaro / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Närvaro" })).toBeVisible();
  // The leader and the enrolled participant (the one waiting is not taken attendance of).
  await expect(page.getByTestId("attendance-table").getByRole("row")).toHaveCount(3);
  await page
    .getByLabel(/^Närvaro för /)
    .first()
    .selectOption("PRESENT");
  await page.getByRole("button", { name: "Spara närvaro" }).click();
  await expect(page.getByText("Närvaron är sparad.")).toBeVisible();
  await expect(page.getByTestId("attendance-history").getByRole("row")).toHaveCount(2);
  await toastsGone(page);
  await expectAccessible(page);
  await screenshot(page, "admin-occasion-laptop-sv");

  await page.goto(`/admin/lok-report?company_id=${club.company_id}&from=${dates.halfYear}`);
  await expect(page.getByRole("heading", { level: 1, name: "LOK-stöd" })).toBeVisible();
  await expect(page.getByTestId("lok-due")).toContainText("Redovisas till RF-SISU senast");
  await expect(page.getByTestId("lok-activities").getByRole("cell", { name })).toBeVisible();
  await expect(page.getByTestId("lok-settings-source")).toHaveText("Föreningen använder RF-SISU:s regler.");
  await expectAccessible(page);
  await screenshot(page, "admin-lok-report-laptop-sv");

  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: /^CSV/ }).click();
  const csv = fs.readFileSync((await (await csvDownload).path())!, "utf8");
  expect(csv.split("\r\n")[0]).toContain("Aktivitet;Datum;Start");
  expect(csv).toContain(`${name};`);

  const xlsxDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: /^Excel/ }).click();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await (await xlsxDownload).path())!);
  expect(book.worksheets.map((s) => s.name)).toEqual(["Sammanställning", name]);
  expect(book.worksheets[1].getRow(1).getCell(1).value).toBe("Datum");
});

test("in English: the activities, an activity and the LOK report; read-only for a VIEWER", async ({
  page,
  browser,
}) => {
  await signIn(page, createAdmin({ scope: club.company_id }));
  await page.getByRole("button", { name: "In English" }).click();
  await expect(page.getByRole("button", { name: "På svenska" })).toBeVisible();
  await page.goto(`/admin/activities?company_id=${club.company_id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Activities" })).toBeVisible();
  const table = page.getByRole("table", { name: "Activities" });
  await expect(table.getByRole("link").first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-activities-laptop-en");
  // A second group without a schedule, to move a participant to.
  await page.getByRole("button", { name: "New activity" }).click();
  await page.getByLabel("Name", { exact: true }).fill(`Futsal ${stamp}`);
  await page.getByRole("button", { name: "Remove row 1" }).click();
  await page.getByRole("button", { name: "Create activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Futsal ${stamp}` })).toBeVisible();
  await page.getByRole("link", { name: "All activities" }).click();
  await table.getByRole("link", { name: `Innebandy ${stamp}` }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Participants" })).toBeVisible();
  // The enrolled participant moves to Futsal: the first on the waitlist gets the place.
  const enrolled = page.getByTestId("enrolled").getByRole("listitem");
  const waiting = await page.getByTestId("waitlist").getByRole("listitem").first().innerText();
  await enrolled.getByRole("button", { name: /^Move / }).click();
  await enrolled.getByRole("combobox").selectOption({ label: `Futsal ${stamp}` });
  await expectAccessible(page);
  await screenshot(page, "admin-activity-move-laptop-en");
  await enrolled.getByRole("button", { name: "Move", exact: true }).click();
  await expect(page.getByText(`was moved to Futsal ${stamp}.`)).toBeVisible();
  await expect(page.getByTestId("waitlist").getByRole("listitem")).toHaveCount(0);
  await expect(enrolled).toContainText(waiting.replace(/^1\.\s*/, "").split(" (")[0]);
  // A second weekday: the schedule is planned again.
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByRole("button", { name: "Add a weekday" }).click();
  await page.getByLabel("Weekday (Row 2)").selectOption("2");
  await expect(page.getByText("A changed schedule plans the coming occasions again.")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-activity-edit-laptop-en");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("The changes were saved.")).toBeVisible();
  await expect(page.getByText("Tuesdays 18:00, 60 min")).toBeVisible();
  await page.getByRole("button", { name: "Calendar" }).click();
  await expect(page.getByTestId("occasion-calendar")).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-activity-calendar-laptop-en");
  await page.getByRole("link", { name: "LOK-stöd" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "LOK-stöd rules" })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "admin-lok-report-laptop-en");

  const context = await browser.newContext({ viewport: laptop, locale: "sv-SE" });
  try {
    const viewer = await context.newPage();
    await signIn(viewer, createAdmin({ role: "VIEWER", scope: club.company_id }));
    await viewer.goto(`/admin/activities?company_id=${club.company_id}`);
    await expect(viewer.getByRole("table", { name: "Aktiviteter" })).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Ny aktivitet" })).toHaveCount(0);
    await viewer
      .getByRole("table", { name: "Aktiviteter" })
      .getByRole("link", { name: `Innebandy ${stamp}` })
      .click();
    await expect(viewer.getByTestId("read-only")).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Ändra" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Lägg till tillfälle" })).toHaveCount(0);
    await expect(viewer.getByLabel("Sök medlem")).toHaveCount(0);
    await expectAccessible(viewer);
  } finally {
    await context.close();
  }
});
