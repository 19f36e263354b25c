// What a new user meets on the import screen before and after an import: it opens on the staff member's own
// organization (the root of their scope, not the first club by name), says what "Upload" still waits for, keeps the
// chosen file when the company is chosen after it, says which period imported members become members for (or that
// there is none), gives them that membership, and after an undo says the import is undone. Swedish at laptop width,
// English at tablet width; axe on each step; screenshots looked at (E2E_UPDATE_SCREENSHOTS=1 commits them).
import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { createAdmin, dashboardWalks, expectAccessible, screenshot, signIn } from "./admin-helpers";
import { cli } from "./helpers";
import { cspErrors } from "./sendout-stack";

const texts = {
  sv: {
    locale: "sv-SE",
    company: "Förening",
    needsFile: "Välj en fil för att kunna ladda upp.",
    upload: "Ladda upp",
    noPeriod: /har ingen period som pågår nu: medlemmarna importeras utan medlemskap/,
    membership: (club: string) => new RegExp(`Medlemmarna blir medlemmar i ${club} för perioden Säsong`),
    step: /Kolumner · medlemmar\.csv/,
    preview: "Förhandsgranska",
    start: "Starta importen",
    done: /Importen är klar · medlemmar\.csv/,
    added: /Tillagda\s*2/,
    download: "Ladda ner resultatet (CSV)",
    undo: "Ångra importen",
    undoRows: /på 2 rader: nya medlemmar, medlemskap/,
    undoConfirm: "Ja, ångra",
    undone: /Importen är ångrad · medlemmar\.csv/,
  },
  en: {
    locale: "en-GB",
    company: "Company",
    needsFile: "Choose a file to upload.",
    upload: "Upload",
    noPeriod: /has no period running now: the members are imported without a membership/,
    membership: (club: string) => new RegExp(`The members become members of ${club} for the period Säsong`),
    step: /Columns · medlemmar\.csv/,
    preview: "Preview",
    start: "Start the import",
    done: /The import is done · medlemmar\.csv/,
    added: /Added\s*2/,
    download: "Download the result (CSV)",
    undo: "Undo the import",
    undoRows: /on 2 rows: new members, memberships/,
    undoConfirm: "Yes, undo",
    undone: /The import is undone · medlemmar\.csv/,
  },
} as const;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe("the import screen for a new user", () => {
  for (const { lang, viewport } of dashboardWalks) {
    const t = texts[lang];
    const suffix = `${lang}-${viewport.width}`;
    test(`${lang} at ${viewport.width} px: own organization first, the file kept across the company, the membership, undone`, async ({
      browser,
    }) => {
      const stamp = `${Date.now()}${crypto.randomInt(100)}`;
      const org = () => `559806-${crypto.randomInt(1000, 9999)}`;
      // The federation's club sorts before it by name: the screen opened on such a club before.
      const federation = (
        cli(["company:create", "--name", `Förbundet ${stamp}`, "--org-number", org()]) as { company_id: string }
      ).company_id;
      const clubName = `Aaa-klubben ${stamp}`;
      const club = (
        cli(["company:create", "--name", clubName, "--org-number", org(), "--parent", federation]) as {
          company_id: string;
        }
      ).company_id;
      cli(["period:create", "--company", club, "--name", `Säsong ${stamp}`, "--start", day(-30), "--end", day(300)]);

      const context = await browser.newContext({ viewport, locale: t.locale, acceptDownloads: true });
      const page = await context.newPage();
      await signIn(page, createAdmin({ scope: federation }));
      const csp = cspErrors(page);
      await page.goto("/admin/imports");
      const picker = page.getByLabel(t.company, { exact: true });
      await expect(picker).toHaveValue(federation);
      await expect(page.getByTestId("import-membership")).toContainText(t.noPeriod);
      const upload = page.getByRole("button", { name: t.upload });
      await expect(upload).toBeDisabled();
      await expect(upload).toHaveAccessibleDescription(t.needsFile);
      await expectAccessible(page);
      await screenshot(page, `admin-imports-new-${suffix}`);

      // The file first, then the company: the file stays chosen.
      const rows = ["E-post;Förnamn", `ny.${stamp}@example.se;Ny`, `annan.${stamp}@example.se;Annan`].join("\n");
      await page
        .locator("#import-file")
        .setInputFiles({ name: "medlemmar.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
      await expect(page.getByText(t.needsFile)).toBeHidden();
      await picker.selectOption(club);
      await page.waitForURL(`**/admin/imports?company_id=${club}`);
      await expect(page.getByTestId("import-membership")).toContainText(t.membership(clubName));
      await expect(upload).toBeEnabled();
      await expectAccessible(page);
      await screenshot(page, `admin-imports-ready-${suffix}`);
      await upload.click();

      const step = page.getByRole("region", { name: t.step });
      await step.getByRole("button", { name: t.preview }).click();
      await step.getByRole("button", { name: t.start }).click();
      const done = page.getByRole("region", { name: t.done });
      await expect(done.getByTestId("import-figures")).toContainText(t.added, { timeout: 60_000 });

      // The imported members are members of the club for its period.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        done.getByRole("link", { name: t.download }).click(),
      ]);
      const lines = fs
        .readFileSync((await download.path())!, "utf8")
        .trim()
        .split(/\r?\n/);
      const memberId = lines[1].split(";")[4];
      const member = cli(["member:show", memberId]) as {
        memberships: { company_id: string; period_name: string; status: string }[];
      };
      expect(member.memberships).toEqual([
        expect.objectContaining({ company_id: club, period_name: `Säsong ${stamp}`, status: "MEMBER" }),
      ]);

      await done.getByRole("button", { name: t.undo }).click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText(t.undoRows);
      await question.getByRole("button", { name: t.undoConfirm }).click();
      const undone = page.getByRole("region", { name: t.undone });
      await expect(undone).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole("region", { name: t.done })).toHaveCount(0);
      await expectAccessible(page);
      await screenshot(page, `admin-imports-undone-${suffix}`);
      expect(csp).toEqual([]);
      await context.close();
    });
  }
});
