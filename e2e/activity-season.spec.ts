// An activity from start to report, each person on their own device: staff create an activity open for sign-up with
// a leader (laptop); a guardian signs a child up on a phone without JavaScript and confirms by mail; staff invite the
// leader, who marks the child present on a phone; staff download the LOK-stöd report with that attendance in it. The
// parts are walked in detail, in both languages, by admin-activities, activity-signup and leader-attendance; this
// walk checks that they meet.
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import {
  createAdmin,
  expectAccessible,
  expectAccessibleAsServed,
  laptop,
  screenshot,
  signIn,
  type AdminLogin,
} from "./admin-helpers";
import { cli } from "./helpers";
import { outboxLink } from "./outbox";

const phone = { width: 390, height: 844 };
const stamp = crypto.randomBytes(3).toString("hex");

/** Today in Sweden (YYYY-MM-DD), its ISO weekday, and a date `days` later. */
function swedishDay(days = 0) {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(at);
}
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A signed-in staff page in its own laptop context, for as long as `work` runs. */
async function asStaff<T>(
  browser: Browser,
  login: AdminLogin,
  work: (page: import("@playwright/test").Page) => Promise<T>,
) {
  const context = await browser.newContext({ viewport: laptop, locale: "sv-SE" });
  const page = await context.newPage();
  try {
    await signIn(page, login);
    return await work(page);
  } finally {
    await context.close();
  }
}

test("an activity's season: created by staff, a child signed up by a guardian, marked present by the leader, in the LOK report", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const club = cli([
    "company:create",
    "--name",
    `Säsongsklubben ${stamp}`,
    "--org-number",
    `559811-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  cli(["member:generate", "--company", club.company_id, "--members", "4", "--seed", "47"]);
  const staffLogin = createAdmin({ scope: club.company_id });
  // The Outbox (the embedded mail catcher) is the whole service's: read by an admin of every company.
  const mailReader = createAdmin();
  const today = swedishDay();
  const name = `Judo ${stamp}`;

  // Staff: the activity, open for sign-up, with today's occasion (holidays kept, so today always has one) and a leader.
  const { signupPath, leaderEmail } = await asStaff(browser, staffLogin, async (page) => {
    await page.goto(`/admin/activities?company_id=${club.company_id}`);
    await page.getByRole("button", { name: "Ny aktivitet" }).click();
    await page.getByLabel("Namn", { exact: true }).fill(name);
    await page.getByLabel("Plats", { exact: true }).fill("Dojon");
    await page.getByLabel("Antal platser").fill("10");
    await page.getByLabel("Veckodag (Rad 1)").selectOption(String(isoWeekday(today)));
    await page.getByLabel("Första dag (Rad 1)").fill(today);
    await page.getByLabel("Sista dag (Rad 1)").fill(swedishDay(27));
    await page.getByRole("checkbox", { name: "Hoppa över helgdagar" }).uncheck();
    await page.getByRole("checkbox", { name: "Öppen för anmälan på webben" }).check();
    await page.getByRole("button", { name: "Skapa aktivitet" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const members = (await (await page.request.get("/admin/api/members?email=EXISTS&sort=created_asc")).json()) as {
      members: { email: string }[];
    };
    const leader = members.members[0].email;
    await page.getByLabel("Sök medlem").fill(leader);
    await page.getByRole("button", { name: /^Lägg till .* som ledare$/ }).click();
    await expect(page.getByTestId("leaders").getByRole("listitem")).toHaveCount(1);
    const link = page.getByRole("link", { name: /\/activities\// });
    await expectAccessible(page);
    await screenshot(page, "activity-season-staff");
    return { signupPath: new URL((await link.getAttribute("href"))!).pathname, leaderEmail: leader };
  });

  // The guardian, on a phone without JavaScript: the form, then the double opt-in link from the mail.
  const guardianEmail = `guardian.${stamp}@example.se`;
  const guardianContext = await browser.newContext({ viewport: phone, javaScriptEnabled: false, locale: "sv-SE" });
  const guardian = await guardianContext.newPage();
  await guardian.goto(signupPath);
  await expect(guardian.getByRole("heading", { level: 1 })).toHaveText(name);
  await guardian.locator("#child_firstname").fill("Elsa");
  await guardian.locator("#child_lastname").fill(`Ek ${stamp}`);
  await guardian.locator("#child_birthdate").fill("2016-05-06");
  await guardian.locator("#guardian_firstname").fill("Karin");
  await guardian.locator("#guardian_lastname").fill("Ek");
  await guardian.locator("#guardian_email").fill(guardianEmail);
  await guardian.locator("#consent").check();
  await guardian.getByRole("button", { name: "Skicka anmälan" }).click();
  await expect(guardian.getByRole("status")).toContainText("Nästan klart: bekräfta anmälan");
  const confirmPath = await asStaff(browser, mailReader, (page) =>
    outboxLink(page, guardianEmail, "Bekräfta anmälan av", "/activities/confirm/"),
  );
  await guardian.goto(confirmPath);
  await guardian.getByRole("button", { name: /Ja, anmäl/ }).click();
  await expect(guardian.getByRole("heading", { level: 1 })).toHaveText("Anmälan är bekräftad");
  await expectAccessibleAsServed(guardian);
  await screenshot(guardian, "activity-season-guardian");
  await guardianContext.close();

  // Staff invite the leader; the leader makes the account on a phone and marks the child present.
  await asStaff(browser, staffLogin, async (page) => {
    await page.goto("/admin/users/leaders");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: "Bjud in" }).click();
    await expect(row.getByRole("status")).toContainText("Inbjudan skickad till");
  });
  const invitationPath = await asStaff(browser, mailReader, (page) =>
    outboxLink(page, leaderEmail, "Du är inbjuden som ledare", "leader-invitation"),
  );
  const leaderContext = await browser.newContext({ viewport: phone, locale: "sv-SE", hasTouch: true, isMobile: true });
  const leader = await leaderContext.newPage();
  await leader.goto(invitationPath);
  const password = `ledare-${crypto.randomBytes(9).toString("base64url")}`;
  await leader.locator("#password").fill(password);
  await leader.getByRole("button", { name: "Skapa kontot" }).click();
  await expect(leader.getByRole("status")).toContainText("Kontot är klart");
  await leader.goto("/admin/login");
  await leader.locator("#email").fill(leaderEmail);
  await leader.locator("#password").fill(password);
  await leader.locator("form:has(#email) button[type=submit]").click();
  await leader.waitForURL("**/admin/leader");
  const card = leader.getByRole("region", { name });
  const child = card.locator("[data-testid^=person-]").filter({ hasText: "Elsa" });
  await child.getByText("Närvarande", { exact: true }).click();
  await expect(child).toHaveAttribute("data-state", "sent");
  await expectAccessible(leader);
  await screenshot(leader, "activity-season-leader");
  await leaderContext.close();

  // Staff: the LOK-stöd report has today's occasion with the child present (one participant: too few to qualify).
  await asStaff(browser, staffLogin, async (page) => {
    const halfYear = `${today.slice(0, 4)}-${today.slice(5, 7) <= "06" ? "01" : "07"}-01`;
    await page.goto(`/admin/lok-report?company_id=${club.company_id}&from=${halfYear}`);
    await expect(page.getByTestId("lok-activities").getByRole("cell", { name })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: /^CSV/ }).click();
    const csv = fs.readFileSync((await (await download).path())!, "utf8");
    const row = csv.split("\r\n").find((line) => line.startsWith(`${name};${today};`));
    // Participants present, then (after those counted and the leaders) whether it qualifies.
    const cells = row?.split(";") ?? [];
    expect([cells[5], cells[8]], csv).toEqual(["1", "Nej"]);
  });
});
