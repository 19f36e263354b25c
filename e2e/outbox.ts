// Reading a message the service sent, as staff do: the dashboard's Outbox (the embedded mail catcher's messages), the
// newest to an address with a subject, and the link in it that goes to a path.
import { type Page } from "@playwright/test";

/** On a signed-in staff page: opens that message in the Outbox and answers its link's path and query. */
export async function outboxLink(page: Page, to: string, subject: string, path: string): Promise<string> {
  await page.goto("/admin/outbox");
  await page
    .getByTestId("outbox")
    .getByRole("row")
    .filter({ hasText: to })
    .filter({ hasText: subject })
    .first()
    .getByRole("link")
    .first()
    .click();
  const link = page.getByTestId("outbox-links").getByRole("link", { name: new RegExp(path) });
  const href = new URL((await link.getAttribute("href"))!);
  return `${href.pathname}${href.search}`;
}
