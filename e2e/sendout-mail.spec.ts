// The email layout (lib/mail/layout.tsx) as a phone shows it: a sample sendout rendered for real, opened in Chromium at
// 390 px, checked with axe and for sideways scrolling. E2E_UPDATE_SCREENSHOTS=1 refreshes e2e/screenshots/*.png.
import { expect, test } from "@playwright/test";
import { renderEmail } from "../lib/mail/layout";
import { expectAccessible, screenshot } from "./admin-helpers";

// The logo inline, so the page needs no network.
const logo =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><rect width="48" height="48" rx="8" fill="#0f5132"/>' +
      '<text x="24" y="31" font-family="sans-serif" font-size="18" fill="#fff" text-anchor="middle">SV</text></svg>',
  ).toString("base64");

const sample = {
  organization: { name: "Skid-IF Väst", logoUrl: logo },
  preheader: "Träningstider, läger i Sälen och årsmötet",
  bodyHtml:
    "<h3>Vintern är här!</h3><p>Hej Anna,</p><p>Nu drar säsongen igång. Träningarna börjar tisdagen den 1 december " +
    'kl. 18.00 i Slottsskogen, och <a href="https://skidif.example/lager">anmälan till lägret i Sälen</a> är öppen ' +
    "till den 15 december.</p><ul><li>Tisdagar 18.00: teknik</li><li>Torsdagar 18.00: intervaller</li>" +
    "<li>Söndagar 09.00: långpass</li></ul><blockquote>Årsmötet hålls den 20 januari i klubbstugan.</blockquote>" +
    "<p>Väl mött i spåret!<br>Styrelsen</p>",
  footer: {
    reason: "Du får det här mejlet eftersom du prenumererar på utskick från Skid-IF Väst.",
    unsubscribeUrl:
      "https://service.example/unsubscribe/5e0c2a51-8f3b-4d7e-a1c4-77e0f0a9d3b2/0b9d5c7e-5f7a-4c39-9a55-2f1f1b1f4a10",
    optOutUrl:
      "https://service.example/v3/subscription_list/unsubscribe/all/0b9d5c7e-5f7a-4c39-9a55-2f1f1b1f4a10?token=1",
    preferencesUrl: "https://service.example/preferences/0b9d5c7e-5f7a-4c39-9a55-2f1f1b1f4a10.1.x",
  },
};

test.use({ viewport: { width: 390, height: 844 } });

test("a sendout reads on a phone: one column, no sideways scrolling, the footer's links, no serious axe findings", async ({
  page,
}) => {
  const { html } = await renderEmail({ lang: "sv", ...sample });
  await page.setContent(html);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByText("Träningstider, läger i Sälen")).toBeHidden();
  for (const name of ["Avregistrera dig från den här listan", "Avsluta alla utskick", "Dina inställningar"]) {
    await expect(page.getByRole("link", { name })).toBeVisible();
  }
  await expectAccessible(page);
  await screenshot(page, "sendout-mail-phone");
});
