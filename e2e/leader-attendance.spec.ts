// An activity's leader on a phone: staff invite them from the dashboard, the mail's link makes their LEADER account,
// and on the attendance page they mark children present; a tap made offline waits in the phone ("not yet sent") and
// goes out when the connection is back, and a reload shows what was recorded. Without JavaScript the same page posts
// the whole occasion as a plain form. Swedish and English, axe on every page, screenshots of each.
import crypto from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createAdmin, expectAccessible, expectAccessibleAsServed, screenshot, signIn } from "./admin-helpers";
import { cli } from "./helpers";
import { outboxLink } from "./outbox";

const phone = { width: 390, height: 844 };

const texts = {
  sv: {
    toggle: "In English",
    users: "Bjud in ledare till aktiviteter",
    invitePanel: "Bjud in ledare",
    invite: "Bjud in",
    invited: "Inbjudan skickad till",
    subject: "Du är inbjuden som ledare",
    become: "Bli ledare",
    create: "Skapa kontot",
    ready: "Kontot är klart",
    title: "Närvaro",
    present: "Närvarande",
    absent: "Frånvarande",
    pending: "Inte skickat än",
    sent: "Sparat",
    offline: "Ingen anslutning",
    missing: "kontaktuppgifter, samtycke",
    save: "Spara närvaron",
    saved: "Närvaron är sparad.",
  },
  en: {
    toggle: "På svenska",
    users: "Invite leaders to activities",
    invitePanel: "Invite leaders",
    invite: "Invite",
    invited: "Invitation sent to",
    subject: "You are invited as a leader",
    become: "Become a leader",
    create: "Create the account",
    ready: "Your account is ready",
    title: "Attendance",
    present: "Present",
    absent: "Absent",
    pending: "Not yet sent",
    sent: "Saved",
    offline: "No connection",
    missing: "contact details, consent",
    save: "Save attendance",
    saved: "Attendance saved.",
  },
};

function watchCsp(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) complaints.push(`${page.url()}: ${message.text()}`);
  });
  return complaints;
}

async function toEnglish(page: Page) {
  await page.getByRole("button", { name: "In English" }).click();
  await expect(page.locator("main[lang=en], div[lang=en]").first()).toBeVisible();
}

/** A club with a judo group: its leader (with an address), a child with an address and one with none; one occasion now. */
async function judoGroup(request: APIRequestContext, stamp: string) {
  const orgNumber = `${crypto.randomInt(100000, 999999)}-${crypto.randomInt(1000, 9999)}`;
  const company = cli(["company:create", "--name", `Ledar-IK ${stamp}`, "--org-number", orgNumber]) as {
    company_id: string;
  };
  const key = cli(["api-key:create", "--name", "e2e leader", "--company", company.company_id]) as {
    client_id: string;
    client_secret: string;
  };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const token = (
    await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()
  ).access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  const member = (fields: Record<string, unknown>) =>
    post("/v3/member", { company_id: company.company_id, birthdate: "2016-04-01", ...fields });
  const leader = await member({ firstname: "Lena", lastname: `Ledare ${stamp}`, email: `ledare-${stamp}@example.org` });
  // Alva is 14 with an address of her own: written to herself, no guardian's consent needed. Bo is 10 without a
  // guardian: nobody to write to, and no consent.
  const alva = await member({
    firstname: "Alva",
    lastname: "Ek",
    email: `alva-${stamp}@example.org`,
    birthdate: `${new Date().getFullYear() - 14}-01-15`,
  });
  const bo = await member({ firstname: "Bo", lastname: "Ask" });
  const activity = await post("/v3/activities", {
    company_id: company.company_id,
    name: `Judo ${stamp}`,
    location: "Dojon",
    capacity: 20,
    leader_ids: [leader.id],
  });
  await post(`/v3/activities/${activity.id}/participants`, { member_id: alva.id });
  await post(`/v3/activities/${activity.id}/participants`, { member_id: bo.id });
  const occasion = await post(`/v3/activities/${activity.id}/occasions`, {
    starts_at: new Date().toISOString(),
    duration_minutes: 60,
  });
  const attendance = async () => {
    const response = await request.get(`/v3/occasions/${occasion.id}`, { headers });
    const body = (await response.json()) as { attendance: { member_id: number; status: string; changes: number }[] };
    return Object.fromEntries(body.attendance.map((p) => [p.member_id, [p.status, p.changes]]));
  };
  return { leader, alva, bo, activity, occasion, attendance };
}

test.describe("the leaders' attendance page", () => {
  test.describe.configure({ timeout: 180_000 });

  for (const lang of ["sv", "en"] as const) {
    test(`invited by staff, a leader marks attendance on a phone, offline too (${lang})`, async ({
      browser,
      request,
    }) => {
      const t = texts[lang];
      const stamp = `${lang}${crypto.randomBytes(3).toString("hex")}`;
      const group = await judoGroup(request, stamp);

      // Staff invite the leader from the panel the users screen links to, and read the mail in the Outbox.
      const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "sv-SE" });
      const staff = await staffContext.newPage();
      const staffCsp = watchCsp(staff);
      await signIn(staff, createAdmin());
      if (lang === "en") await toEnglish(staff);
      await staff.goto("/admin/users");
      await staff.getByRole("link", { name: t.users }).click();
      await expect(staff.getByRole("heading", { level: 1, name: t.invitePanel })).toBeVisible();
      const row = staff.getByRole("row").filter({ hasText: `Judo ${stamp}` });
      await row.getByRole("button", { name: t.invite }).click();
      await expect(row.getByRole("status")).toContainText(t.invited);
      await expectAccessible(staff);
      await screenshot(staff, `leader-invite-panel-${lang}`);
      const link = new URL(
        await outboxLink(staff, `ledare-${stamp}@example.org`, t.subject, "leader-invitation"),
        "http://localhost",
      );
      expect(staffCsp).toEqual([]);
      await staffContext.close();

      // The leader, on a phone: the link, a password, sign-in lands on the attendance page.
      const context = await browser.newContext({ viewport: phone, locale: "sv-SE", hasTouch: true, isMobile: true });
      const page = await context.newPage();
      const csp = watchCsp(page);
      await page.goto(`${link.pathname}${link.search}`);
      if (lang === "en") await toEnglish(page);
      await expect(page.getByRole("heading", { level: 1, name: t.become })).toBeVisible();
      await expectAccessible(page);
      await screenshot(page, `leader-invitation-${lang}`);
      const password = `ledare-${crypto.randomBytes(9).toString("base64url")}`;
      await page.locator("#password").fill(password);
      await page.getByRole("button", { name: t.create }).click();
      await expect(page.getByRole("status")).toContainText(t.ready);
      await page.goto("/admin/login");
      await page.locator("#email").fill(`ledare-${stamp}@example.org`);
      await page.locator("#password").fill(password);
      await page.locator("form:has(#email) button[type=submit]").click();
      await page.waitForURL("**/admin/leader");
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      // Only the attendance page: the dashboard's screens send the leader back here.
      await expect(page.getByRole("navigation").getByRole("link")).toHaveText([t.title]);
      await page.goto("/admin/members");
      await page.waitForURL("**/admin/leader");

      const card = page.getByRole("region", { name: `Judo ${stamp}` });
      await expect(card.getByTestId(`gaps-${group.occasion.id}`)).toHaveText(`Bo Ask: ${t.missing}`);
      await expectAccessible(page);
      await screenshot(page, `leader-attendance-${lang}`);

      // A tap: sent at once.
      const alva = card.getByTestId(`person-${group.alva.id}`);
      await alva.getByText(t.present, { exact: true }).click();
      await expect(alva).toHaveAttribute("data-state", "sent");
      await expect(alva.getByRole("status")).toHaveText(t.sent);

      // Offline: the tap waits in the phone and says so, then goes out when the connection is back.
      await context.setOffline(true);
      const bo = card.getByTestId(`person-${group.bo.id}`);
      await bo.getByText(t.absent, { exact: true }).click();
      await expect(bo).toHaveAttribute("data-state", "pending");
      await expect(bo.getByRole("status")).toHaveText(t.pending);
      await expect(page.getByTestId("queue-status")).toContainText(t.offline);
      await expectAccessible(page);
      await screenshot(page, `leader-attendance-offline-${lang}`);
      expect((await group.attendance())[group.bo.id]).toEqual([null, 0]);
      // Kept in the phone, so a closed tab or a reload does not lose it.
      const kept = await page.evaluate(() =>
        Object.entries(window.localStorage).filter(([key]) => key.startsWith("forening.leader-attendance.")),
      );
      expect(kept.map(([, value]) => JSON.parse(value))).toEqual([
        [{ occasionId: group.occasion.id, memberId: group.bo.id, status: "ABSENT" }],
      ]);
      await context.setOffline(false);
      await expect(bo).toHaveAttribute("data-state", "sent");
      await expect(page.getByTestId("queue-status")).toHaveCount(0);
      await screenshot(page, `leader-attendance-sent-${lang}`);

      // Recorded once each; a reload shows the same.
      expect(await group.attendance()).toMatchObject({
        [group.alva.id]: ["PRESENT", 1],
        [group.bo.id]: ["ABSENT", 1],
      });
      await page.reload();
      await expect(card.getByTestId(`person-${group.alva.id}`).getByRole("radio", { name: t.present })).toBeChecked();
      await expect(card.getByTestId(`person-${group.bo.id}`).getByRole("radio", { name: t.absent })).toBeChecked();
      // Nothing left waiting in the phone.
      expect(
        await page.evaluate(() =>
          Object.keys(window.localStorage).filter((key) => key.startsWith("forening.leader-attendance.")),
        ),
      ).toEqual([]);
      expect(csp).toEqual([]);

      // Without JavaScript: the choices are a form, its button records the whole occasion.
      const plain = await browser.newContext({
        viewport: phone,
        locale: "sv-SE",
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      });
      await context.close();
      const noScript = await plain.newPage();
      await noScript.goto("/admin/leader");
      const plainCard = noScript.getByRole("region", { name: `Judo ${stamp}` });
      await plainCard.getByTestId(`person-${group.bo.id}`).getByText(t.present, { exact: true }).click();
      await plainCard.getByRole("button", { name: t.save }).click();
      await expect(noScript.getByRole("status")).toHaveText(t.saved);
      await expectAccessibleAsServed(noScript);
      await screenshot(noScript, `leader-attendance-no-script-${lang}`);
      expect(await group.attendance()).toMatchObject({
        [group.alva.id]: ["PRESENT", 1],
        [group.bo.id]: ["PRESENT", 2],
      });
      await plain.close();
    });
  }
});
