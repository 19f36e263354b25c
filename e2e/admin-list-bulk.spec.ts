// Bulk actions on a list's subscribers: pick rows, or every match, then unsubscribe or export them after a
// question that says how many people it concerns. Walked in Swedish at 1366 px and English at 820 px, axe on each
// step, no CSP complaint from these screens, screenshots committed (E2E_UPDATE_SCREENSHOTS=1).
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createAdmin, dashboardWalks, expectAccessible, screenshot, signIn } from "./admin-helpers";
import { cli } from "./helpers";

const SUBSCRIBERS = 27;

/** A club's list with 27 subscribers, made through the API. */
async function listWithSubscribers(request: APIRequestContext, stamp: string) {
  const company = cli([
    "company:create",
    "--name",
    `Bulkklubben ${stamp}`,
    "--org-number",
    `559806-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  const key = cli([
    "api-key:create",
    "--name",
    `e2e bulk ${stamp}`,
    "--company",
    company.company_id,
    "--modules",
    "subscription_list,member",
  ]) as { client_id: string; client_secret: string };
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const headers = {
    authorization: `Bearer ${(await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()).access_token}`,
  };
  const list = (await (
    await request.post("/v3/subscription_list", {
      headers,
      data: { name: `Bulklistan ${stamp}`, company_id: company.company_id },
    })
  ).json()) as { id: number; name: string };
  const emails: string[] = [];
  for (let i = 1; i <= SUBSCRIBERS; i++) {
    const email = `bulk.${String(i).padStart(2, "0")}.${stamp}@example.se`;
    const member = await request.post("/v3/member", { headers, data: { company_id: company.company_id, email } });
    expect(member.status()).toBe(201);
    const subscribed = await request.post(`/v3/subscription_list/${list.id}/subscribe/${(await member.json()).id}`, {
      headers,
    });
    expect(subscribed.status()).toBe(200);
    emails.push(email);
  }
  return { ...list, emails };
}

/** Complaints of a refused Content-Security-Policy, from the moment it is called. */
function watchCsp(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

const texts = {
  sv: {
    locale: "sv-SE",
    perPage: "Per sida",
    table: "Prenumeranter",
    selectRow: (email: string) => `Välj ${email}`,
    selectPage: "Välj alla på sidan",
    selected: (n: number) => `${n} valda`,
    unsubscribe: "Avsluta prenumerationen för valda",
    dialog: "Avsluta prenumerationen?",
    affects: (n: number) => `${n} personer slutar få utskick från listan.`,
    confirm: "Avsluta prenumerationerna",
    done: (n: number) => `${n} prenumerationer avslutades.`,
    ended: "Avslutad",
    export: "Exportera valda",
    exportDialog: "Exportera valda?",
    exportBody: "personuppgifter för 1 person",
    download: "Ladda ner CSV",
    allMatching: (n: number) => `Välj alla ${n} som matchar`,
    allSelected: (n: number) => `Alla ${n} som matchar är valda.`,
    counts: (n: number) => new RegExp(`Aktiva prenumeranter / tak: ${n} /`),
    audit: (n: number, list: string) => `${n} prenumeranter på ${list}`,
  },
  en: {
    locale: "en-GB",
    perPage: "Per page",
    table: "Subscribers",
    selectRow: (email: string) => `Select ${email}`,
    selectPage: "Select all on the page",
    selected: (n: number) => `${n} selected`,
    unsubscribe: "Unsubscribe the selected",
    dialog: "Unsubscribe?",
    affects: (n: number) => `${n} people will stop receiving the list's sendouts.`,
    confirm: "Unsubscribe them",
    done: (n: number) => `${n} subscriptions ended.`,
    ended: "Unsubscribed",
    export: "Export the selected",
    exportDialog: "Export the selected?",
    exportBody: "personal data of 1 person",
    download: "Download CSV",
    allMatching: (n: number) => `Select all ${n} matching`,
    allSelected: (n: number) => `All ${n} matching are selected.`,
    counts: (n: number) => new RegExp(`Active subscribers / cap: ${n} /`),
    audit: (n: number, list: string) => `${n} subscribers on ${list}`,
  },
} as const;

/** axe once the toasts are gone (sonner's success toast is not these screens' to change). */
async function accessible(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page);
}

test.describe("dashboard: bulk actions on subscribers", () => {
  test.describe.configure({ timeout: 300_000 });

  for (const { lang, viewport } of dashboardWalks) {
    const t = texts[lang];
    const suffix = `-${viewport.width}-${lang}`;
    test(`${lang} at ${viewport.width} px: pick rows, export them, unsubscribe them, then every match`, async ({
      browser,
      request,
    }) => {
      const stamp = `${Date.now()}${crypto.randomInt(100)}`;
      const list = await listWithSubscribers(request, stamp);
      const context = await browser.newContext({ viewport, locale: t.locale, acceptDownloads: true });
      const page = await context.newPage();
      await signIn(page, createAdmin());
      await page.goto(`/admin/lists/${list.id}/subscribers`);
      await expect(page.getByRole("table", { name: t.table })).toBeVisible();
      const csp = watchCsp(page);
      await page.getByLabel(t.perPage).selectOption("25");
      const table = page.getByRole("table", { name: t.table });
      await expect(table.getByRole("checkbox", { name: /^(Välj|Select) bulk\./ })).toHaveCount(25);
      // Every column fits the table's frame at tablet width too: a row's action is not pushed out of sight.
      const frame = (await table.locator("..").boundingBox())!; // the scroll frame around the table
      const action = (await table.getByRole("row").nth(1).getByRole("button").boundingBox())!;
      expect(action.x + action.width).toBeLessThanOrEqual(frame.x + frame.width);

      // Two rows picked: the toolbar counts them, the question says how many people are affected.
      const [first, second] = [list.emails[SUBSCRIBERS - 1], list.emails[SUBSCRIBERS - 2]]; // newest first
      await table.getByRole("checkbox", { name: t.selectRow(first) }).check();
      await table.getByRole("checkbox", { name: t.selectRow(second) }).check();
      const toolbar = page.getByTestId("bulk-toolbar");
      await expect(toolbar).toContainText(t.selected(2));
      await toolbar.getByRole("button", { name: t.unsubscribe }).click();
      const question = page.getByRole("alertdialog", { name: t.dialog });
      await expect(question).toContainText(t.affects(2));
      await accessible(page);
      await screenshot(page, `admin-list-bulk-confirm${suffix}`);
      await question.getByRole("button", { name: t.confirm }).click();
      await expect(page.getByText(t.done(2))).toBeVisible();
      await expect(question).toHaveCount(0);
      await expect(page.getByRole("row", { name: new RegExp(first.replace(/\./g, "\\.")) })).toContainText(t.ended);
      await expect(page.getByRole("row", { name: new RegExp(second.replace(/\./g, "\\.")) })).toContainText(t.ended);
      await expect(page.getByText(t.counts(SUBSCRIBERS - 2))).toBeVisible();
      await expect(toolbar).toHaveCount(0);

      // Export one picked row: the question names the personal data of 1 person, the file holds only that row.
      const third = list.emails[SUBSCRIBERS - 3];
      await table.getByRole("checkbox", { name: t.selectRow(third) }).check();
      await toolbar.getByRole("button", { name: t.export }).click();
      const exportQuestion = page.getByRole("alertdialog", { name: t.exportDialog });
      await expect(exportQuestion).toContainText(t.exportBody);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        exportQuestion.getByRole("button", { name: t.download }).click(),
      ]);
      const csv = fs.readFileSync((await download.path())!, "utf8");
      expect(csv.startsWith("\uFEFF")).toBe(true);
      expect(csv.split("\r\n").filter((line) => line.includes("@example.se"))).toEqual([
        expect.stringContaining(third),
      ]);

      // The whole page, then every match (27, of which 25 are still subscribed).
      await toolbar.getByRole("button", { name: /Rensa valet|Clear the selection/ }).click();
      await table.getByRole("checkbox", { name: t.selectPage }).check();
      await expect(toolbar).toContainText(t.selected(25));
      await toolbar.getByRole("button", { name: t.allMatching(SUBSCRIBERS) }).click();
      await expect(toolbar).toContainText(t.allSelected(SUBSCRIBERS));
      await accessible(page);
      await screenshot(page, `admin-list-bulk-selected${suffix}`);
      await toolbar.getByRole("button", { name: t.unsubscribe }).click();
      await expect(question).toContainText(t.affects(SUBSCRIBERS - 2));
      await question.getByRole("button", { name: t.confirm }).click();
      await expect(page.getByText(t.done(SUBSCRIBERS - 2))).toBeVisible();
      await expect(page.getByText(t.counts(0))).toBeVisible();
      await accessible(page);
      await screenshot(page, `admin-list-bulk-done${suffix}`);

      // The audit log: one entry per bulk action, with its count.
      await page.goto(`/admin/audit?action=subscription.bulk_unsubscribe&object_id=${list.id}`);
      await expect(page.getByTestId("audit-log").getByTestId("audit-summary")).toHaveText([
        t.audit(SUBSCRIBERS - 2, list.name),
        t.audit(2, list.name),
      ]);
      await accessible(page);
      expect(csp).toEqual([]);
      await context.close();
    });
  }
});
