// The sendout screens against the built server: staff write a sendout in the rich-text editor, preview it, send a test
// to themselves and send it; a real SMTP server receives every message (e2e/sendout-stack.ts: a second instance of the
// deployment with its worker on, so the shared e2e setup is unchanged). Suppressed addresses, scheduling in Swedish
// time and cancelling, English at tablet width, and what readers and staff without the module see.
import { expect, test, type Page } from "@playwright/test";
import { createAdmin, screenshot, signIn, tablet } from "./admin-helpers";
import { checkPage, cspErrors, sendoutBaseURL, startSendoutStack } from "./sendout-stack";

test.use({ baseURL: sendoutBaseURL, viewport: { width: 1366, height: 900 }, locale: "sv-SE" });
// One company's story: the reader's test reads the sendouts the first tests made (a failure stops the rest).
test.describe.configure({ mode: "serial" });

let stack: Awaited<ReturnType<typeof startSendoutStack>>;
let stamp: string;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  stack = await startSendoutStack(playwright);
  stamp = stack.stamp;
});

test.afterAll(async () => {
  await stack?.stop();
});

async function toastsGone(page: Page) {
  // A toast under the pointer waits for it to leave (sonner pauses its timer on hover): after a click the pointer can
  // rest where a toast then appears, and it stayed for good.
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("staff compose a sendout in the editor, preview it, send a test to themselves and send it; the SMTP server receives each", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const csp = cspErrors(page);
  const staff = createAdmin({ role: "EDITOR", scope: stack.company.company_id });
  await signIn(page, staff);
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Utskick" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Utskick" })).toBeVisible();
  await page.getByRole("link", { name: "Nytt utskick" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nytt utskick" })).toBeVisible();

  // The schema's rules in the browser: a subject, a list and a message are needed.
  await page.getByRole("button", { name: "Spara utkast" }).click();
  await expect(page.getByLabel("Ämne")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Välj minst en lista eller aktivitet.")).toBeVisible();
  await expect(page.getByText("Skriv ett meddelande.")).toBeVisible();

  await page.getByLabel("Ämne").fill(`Vintern är här ${stamp}`);
  await page.getByLabel("Förhandstext").fill("Träningstider och läger");
  // The sender's name left empty: the messages are from the association (its name), not the service.
  await expect(page.getByLabel("Avsändarnamn")).toHaveValue("");
  await page.getByLabel(`Vinterbrev ${stamp}`).check();
  await page.getByLabel(`Ungdom ${stamp}`).check();

  const editor = page.getByRole("textbox", { name: "Meddelande" });
  await editor.click();
  await page.keyboard.type("Hej ");
  await page.getByRole("button", { name: "Infoga fält" }).click();
  await page.getByRole("menuitem", { name: /Förnamn/ }).click();
  await page.keyboard.type("!");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Fetstil" }).click();
  await page.keyboard.type("Säsongen börjar på tisdag.");
  await expect(page.getByRole("button", { name: "Fetstil" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Fetstil" }).click();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Punktlista" }).click();
  await page.keyboard.type("Tisdagar 18.00: teknik");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Torsdagar 18.00: intervaller");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Anmälan till lägret");
  await page.keyboard.press("Shift+Home");
  await page.getByRole("button", { name: "Länk" }).click();
  await page.getByLabel("Adress", { exact: true }).fill("http://skidif.example/lager");
  await page.getByRole("button", { name: "Lägg till länk" }).click();
  await expect(page.getByText("Ange en adress som börjar med https:// eller mailto:.")).toBeVisible();
  await page.getByLabel("Adress", { exact: true }).fill("https://skidif.example/lager");
  await page.getByRole("button", { name: "Lägg till länk" }).click();
  await expect(editor.locator("strong")).toHaveText("Säsongen börjar på tisdag.");
  await expect(editor.locator("li")).toHaveCount(2);
  await expect(editor.getByRole("link", { name: "Anmälan till lägret" })).toHaveAttribute(
    "href",
    "https://skidif.example/lager",
  );
  await expect(editor).toContainText("Hej {{firstname|vän}}!");
  await expect(page.getByTestId("unsaved")).toBeVisible();
  await checkPage(page, csp);
  await screenshot(page, "admin-sendout-compose");

  await page.getByRole("button", { name: "Spara utkast" }).click();
  await expect(page).toHaveURL(/\/admin\/sendouts\/\d+$/);
  await expect(page.getByTestId("unsaved")).toHaveCount(0);
  // Anna once for two lists, Cecilia; Bertil opted out of everything.
  await expect(page.getByTestId("recipient-count")).toHaveText(
    "2 mottagare (1 har avslutat alla utskick, 0 spärrade adresser)",
  );

  // The preview: the saved message through the mail template, with the sample recipient's name filled in.
  const preview = page.frameLocator("[data-testid=sendout-preview-frame]");
  await expect(preview.getByText("Hej Anna!")).toBeVisible();
  await expect(preview.getByRole("link", { name: "Anmälan till lägret" })).toBeVisible();
  await expect(page.getByTestId("sendout-preview-from")).toHaveText(`Från: Skid-IF Väst ${stamp} <no-reply@localhost>`);
  await expect(page.getByTestId("sendout-preview-frame")).toHaveJSProperty("offsetWidth", 600);
  await page.getByLabel("Mobil (390 px)").check();
  await expect(page.getByTestId("sendout-preview-frame")).toHaveJSProperty("offsetWidth", 390);
  await expect(preview.getByText("Hej Anna!")).toBeVisible();
  await toastsGone(page);
  await page.getByRole("region", { name: "Förhandsgranskning" }).scrollIntoViewIfNeeded();
  await screenshot(page, "admin-sendout-preview");

  // A test copy to the signed-in staff member's own address.
  await expect(page.getByLabel("Till", { exact: true })).toHaveValue(staff.email);
  await page.getByRole("button", { name: "Skicka test" }).click();
  await expect(page.getByText(`Testet är skickat till ${staff.email}.`)).toBeVisible();
  const [testCopy] = await stack.sink.waitFor(1);
  expect(testCopy.envelopeTo).toEqual([staff.email]);
  expect(testCopy.parsed.subject).toContain(`Vintern är här ${stamp}`);
  expect(testCopy.parsed.from?.value).toEqual([{ name: `Skid-IF Väst ${stamp}`, address: "no-reply@localhost" }]);

  // Only to staff: another address is refused at the field, and nothing is sent.
  await toastsGone(page);
  await page.getByLabel("Till", { exact: true }).fill(`nagon.annan.${stamp}@example.org`);
  await page.getByRole("button", { name: "Skicka test" }).click();
  await expect(
    page.getByText(
      "Test skickas bara till personal i organisationen: en adress med inloggning till adminpanelen och åtkomst till föreningen.",
    ),
  ).toBeVisible();
  await expect(page.getByLabel("Till", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("region", { name: "Skicka test" }).scrollIntoViewIfNeeded();
  await screenshot(page, "admin-sendout-test-refused", { fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(stack.sink.received).toHaveLength(1);
  await page.getByLabel("Till", { exact: true }).fill(staff.email);

  // Unsaved changes hold back testing and sending, and leaving asks first.
  await page.getByLabel("Ämne").fill(`Vintern är här! ${stamp}`);
  await page.getByLabel("Avsändarnamn").fill("Styrelsen");
  await expect(page.getByRole("button", { name: "Skicka…" })).toBeDisabled();
  page.once("dialog", (dialog) => void dialog.dismiss());
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Utskick" }).click();
  await expect(page).toHaveURL(/\/admin\/sendouts\/\d+$/);
  await page.getByRole("button", { name: "Spara ändringar" }).click();
  await expect(page.getByTestId("unsaved")).toHaveCount(0);
  await expect(page.getByTestId("sendout-preview-from")).toHaveText("Från: Styrelsen <no-reply@localhost>");

  await page.getByRole("button", { name: "Skicka…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Skicka utskicket?" });
  await expect(confirm).toContainText(`2 får ”Vintern är här! ${stamp}” nu.`);
  await checkPage(page, csp);
  await confirm.getByRole("button", { name: "Skicka", exact: true }).click();
  await expect(page.getByText("Utskicket har startat.")).toBeVisible();

  const received = await stack.sink.waitFor(3, 20_000);
  const delivered = received
    .slice(1)
    .map((mail) => mail.envelopeTo[0])
    .sort();
  expect(delivered).toEqual([`anna-${stamp}@example.se`, `cecilia-${stamp}@example.se`]);
  const anna = received.find((mail) => mail.envelopeTo[0] === `anna-${stamp}@example.se`)!;
  expect(anna.parsed.html).toContain("Hej Anna!");
  expect(anna.parsed.from?.text).toContain("Styrelsen");
  // Filed by the list the message came through (RFC 2919): Anna's lowest chosen list, Vinterbrev.
  expect(anna.raw).toMatch(new RegExp(`^List-Id: Vinterbrev ${stamp} <[0-9a-f-]{36}\\.list\\.localhost>\\r?$`, "im"));

  // Read only once started: the figures, refreshed until it is sent.
  await page.reload();
  const figures = page.getByTestId("sendout-figures");
  await expect(page.getByText("Skickat", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(figures).toContainText("Skickade2");
  await expect(page.getByRole("textbox", { name: "Meddelande" })).toHaveCount(0);
  await checkPage(page, csp);

  await page.getByRole("link", { name: "Alla utskick" }).click();
  const row = page.getByRole("table", { name: "Utskick" }).getByRole("row", { name: new RegExp(stamp) });
  await expect(row).toContainText("Skickat");
  await expect(row).toContainText(`Vinterbrev ${stamp}, Ungdom ${stamp}`);
  await checkPage(page, csp);
  await toastsGone(page);
  await screenshot(page, "admin-sendouts");
  expect(csp).toEqual([]);
});

test("a sendout scheduled in Swedish time (summer time: +02:00) and cancelled before it starts", async ({ page }) => {
  const csp = cspErrors(page);
  await signIn(page, createAdmin({ role: "EDITOR", scope: stack.company.company_id }));
  await page.goto(`/admin/sendouts/new?company_id=${stack.company.company_id}`);
  await page.getByLabel("Ämne").fill(`Årsmöte ${stamp}`);
  await page.getByLabel(`Vinterbrev ${stamp}`).check();
  await page.getByRole("textbox", { name: "Meddelande" }).click();
  await page.keyboard.type("Välkommen till årsmötet.");
  await page.getByRole("button", { name: "Spara utkast" }).click();
  await expect(page).toHaveURL(/\/admin\/sendouts\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split("/").pop());

  await page.getByLabel("Skicka vid en viss tid").check();
  await page.getByRole("button", { name: "Schemalägg…" }).click();
  await expect(page.getByText("Välj datum och tid.")).toBeVisible();
  await page.getByLabel("Tid (svensk tid)").fill("2030-06-01T10:00");
  await page.getByRole("button", { name: "Schemalägg…" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Skicka utskicket?" });
  await expect(confirm).toContainText(`1 får ”Årsmöte ${stamp}” 1 juni 2030 10:00.`);
  await checkPage(page, csp);
  await confirm.getByRole("button", { name: "Schemalägg", exact: true }).click();
  await expect(page.getByText("Utskicket är schemalagt till 1 juni 2030 10:00.")).toBeVisible();
  await expect(page.getByText("Schemalagt till 1 juni 2030 10:00", { exact: true })).toBeVisible();
  // 10:00 in Stockholm on 1 June is 08:00 UTC.
  const scheduled = (await (await page.request.get(`/admin/api/sendouts/${id}`)).json()) as {
    status: string;
    send_at: string;
  };
  expect(scheduled).toMatchObject({ status: "SCHEDULED", send_at: "2030-06-01T08:00:00.000Z" });

  await page.getByRole("button", { name: "Avbryt utskicket" }).click();
  const cancel = page.getByRole("alertdialog", { name: "Avbryt utskicket?" });
  await checkPage(page, csp);
  await cancel.getByRole("button", { name: "Avbryt utskicket" }).click();
  await expect(page.getByText("Utskicket är avbrutet.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Siffror" }).getByText("Avbrutet", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Avbryt utskicket" })).toHaveCount(0);
  expect(csp).toEqual([]);
});

test("suppressed addresses: one suppressed by hand is left out of the count and, with a note, lifted", async ({
  page,
}) => {
  const csp = cspErrors(page);
  const cecilia = `cecilia-${stamp}@example.se`;
  await signIn(page, createAdmin({ role: "EDITOR", scope: stack.company.company_id }));
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Spärrade adresser" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Spärrade adresser" })).toBeVisible();
  await page.getByRole("button", { name: "Spärra adress" }).click();
  const add = page.getByRole("dialog", { name: "Spärra en adress" });
  await add.getByLabel("E-postadress").fill(cecilia);
  await add.getByRole("button", { name: "Spärra", exact: true }).click();
  await expect(add.getByText("Skriv en anteckning.")).toBeVisible();
  await add.getByLabel("Anteckning").fill("Bad per telefon att slippa utskick");
  await add.getByRole("button", { name: "Spärra", exact: true }).click();
  await expect(page.getByText(`${cecilia} är spärrad.`)).toBeVisible();
  const row = page.getByRole("table", { name: "Spärrade adresser" }).getByRole("row", { name: new RegExp(cecilia) });
  await expect(row).toContainText("Spärrad för hand");
  await expect(row).toContainText("Bad per telefon att slippa utskick");
  await checkPage(page, csp);
  await toastsGone(page);
  await screenshot(page, "admin-suppressions");

  const reach = await page.request.get(
    `/admin/api/sendouts/recipients?company_id=${stack.company.company_id}&list_ids=${stack.lists.winter},${stack.lists.youth}`,
  );
  expect(await reach.json()).toEqual({ recipients: 1, opted_out: 1, suppressed: 1 });

  await row.getByRole("button", { name: `Häv spärr för ${cecilia}` }).click();
  const lift = page.getByRole("dialog", { name: `Häv spärren av ${cecilia}?` });
  await lift.getByRole("button", { name: "Häv spärr" }).click();
  await expect(lift.getByText("Skriv en anteckning.")).toBeVisible();
  await lift.getByLabel("Anteckning").fill("Vill ha utskicken igen");
  await lift.getByRole("button", { name: "Häv spärr" }).click();
  await expect(page.getByText(`Spärren av ${cecilia} är hävd.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(csp).toEqual([]);
});

test("the composer in English at tablet width", async ({ page }) => {
  const csp = cspErrors(page);
  await page.setViewportSize(tablet);
  await signIn(page, createAdmin({ role: "EDITOR", scope: stack.company.company_id }));
  await page.getByRole("button", { name: "In English" }).click();
  await expect(page.getByRole("button", { name: "På svenska" })).toBeVisible();
  await page.goto(`/admin/sendouts/new?company_id=${stack.company.company_id}`);
  await expect(page.getByRole("heading", { level: 1, name: "New sendout" })).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
  await checkPage(page, csp);
  await screenshot(page, "admin-sendout-compose-tablet-en");
  expect(csp).toEqual([]);
});

test("without SENDOUT.U the screen is read only; without the module there is no menu item", async ({ page }) => {
  await signIn(page, createAdmin({ role: "VIEWER", scope: stack.company.company_id }));
  await page.goto(`/admin/sendouts?company_id=${stack.company.company_id}`);
  await expect(page.getByTestId("read-only")).toBeVisible();
  await expect(page.getByRole("table", { name: "Utskick" })).toContainText(stamp);
  await expect(page.getByRole("link", { name: "Nytt utskick" })).toHaveCount(0);
  await page.getByRole("table", { name: "Utskick" }).getByRole("link").first().click();
  await expect(page.getByTestId("sendout-figures")).toBeVisible();
  await expect(page.getByRole("button", { name: "Avbryt utskicket" })).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(
    page,
    createAdmin({ role: "EDITOR", scope: stack.company.company_id, modules: "company,subscription_list,member,event" }),
  );
  await expect(page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Utskick" })).toHaveCount(
    0,
  );
  await page.goto("/admin/sendouts");
  await expect(page.getByRole("alert").filter({ hasText: "Din behörighet omfattar inte utskick." })).toBeVisible();
});

test("a sendout opened from an activity has it chosen; the count adds its participants' contacts to the lists'", async ({
  page,
}) => {
  // Last: its draft would be the newest sendout, which the reader's test opens expecting a sent one.
  const csp = cspErrors(page);
  await signIn(page, createAdmin({ role: "EDITOR", scope: stack.company.company_id }));
  // Where MessageGuardiansLink leads.
  await page.goto(`/admin/sendouts/new?company_id=${stack.company.company_id}&activity_id=${stack.activity}`);
  await expect(page.getByRole("heading", { level: 1, name: "Nytt utskick" })).toBeVisible();
  const activities = page.getByRole("group", { name: "Aktiviteter" });
  await expect(activities.getByLabel(`Skidskola ${stamp}`)).toBeChecked();
  await page.getByLabel("Ämne").fill(`Vallningskväll ${stamp}`);
  await page.getByRole("textbox", { name: "Meddelande" }).click();
  await page.keyboard.type("Vi vallar skidor på torsdag.");
  await page.getByRole("button", { name: "Spara utkast" }).click();
  await expect(page).toHaveURL(/\/admin\/sendouts\/\d+$/);
  await expect(page.getByTestId("recipient-count")).toContainText("2 mottagare");
  // Bertil, on the list, opted out of everything: left out of the list's reach as before.
  await page.getByLabel(`Vinterbrev ${stamp}`).check();
  await expect(page.getByTestId("recipient-count")).toContainText("3 mottagare (1 har avslutat alla utskick");
  await checkPage(page, csp);
  await toastsGone(page);
  await screenshot(page, "admin-sendout-compose-activity");
  expect(csp).toEqual([]);
});
