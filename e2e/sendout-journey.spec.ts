// A sendout from start to the recipient's click, with nothing but this machine: a second instance of the
// e2e deployment with its sendout worker on sends to the embedded mail catcher the e2e server's Outbox reads; staff
// open the caught message in the Outbox and follow its unsubscribe link, and the recipient's page (phone width,
// axe-checked) ends the subscription.
import crypto from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { startServer, testSecrets } from "../scripts/lib/test-stack";
import { createAdmin, expectAccessible, signIn } from "./admin-helpers";
import { cli } from "./helpers";

const port = Number(process.env.E2E_PORT || 3217) + 2;
const senderURL = `http://127.0.0.1:${port}`;
const stamp = crypto.randomBytes(3).toString("hex");
const subject = `Vinterbrevet ${stamp}`;

test.describe.configure({ timeout: 180_000 });

async function api(request: APIRequestContext, token: string, method: "GET" | "POST", path: string, data?: unknown) {
  const response = await request.fetch(`${senderURL}${path}`, {
    method,
    data,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return response.json();
}

test("a sendout caught by the embedded catcher: staff open it in the Outbox and its unsubscribe link works", async ({
  page,
  context,
  request,
  browser,
}) => {
  const secrets = Object.fromEntries(Object.keys(testSecrets()).map((name) => [name, process.env[name] ?? ""]));
  const sender = await startServer({
    databaseUrl: process.env.E2E_DATABASE_URL!,
    secrets,
    port,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_MAIL_CATCHER_PORT}`,
      SENDOUT_WORKER: "on",
      SENDOUT_POLL_MS: "300",
    },
  });
  try {
    const company = cli([
      "company:create",
      "--name",
      `Skid-IF Öst ${stamp}`,
      "--org-number",
      `559703-${crypto.randomInt(1000, 9999)}`,
    ]) as { company_id: string };
    const key = cli(["api-key:create", "--name", `resa-${stamp}`, "--company", company.company_id]) as {
      client_id: string;
      client_secret: string;
    };
    const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
    const token = (
      await (
        await request.post(`${senderURL}/v3/access/user/basic`, { headers: { authorization: `Basic ${basic}` } })
      ).json()
    ).access_token as string;
    const list = await api(request, token, "POST", "/v3/subscription_list", {
      company_id: company.company_id,
      name: `Vinter ${stamp}`,
    });
    const member = await api(request, token, "POST", "/v3/member", {
      company_id: company.company_id,
      firstname: "Anna",
      lastname: "Berg",
      email: `anna-${stamp}@example.se`,
    });
    await api(request, token, "POST", `/v3/subscription_list/${list.id}/subscribe/${member.id}`);
    const sendout = await api(request, token, "POST", "/v3/sendout", {
      company_id: company.company_id,
      list_ids: [list.id],
      subject,
      html: "<h2>Hej {{firstname|vän}}!</h2><p>Spåren är preparerade.</p>",
    });
    await api(request, token, "POST", `/v3/sendout/${sendout.id}/send`, {});
    await expect
      .poll(async () => (await api(request, token, "GET", `/v3/sendout/${sendout.id}`)).status, { timeout: 60_000 })
      .toBe("SENT");

    await signIn(page, createAdmin());
    await page.goto("/admin/outbox");
    await page.getByTestId("outbox").getByRole("link", { name: subject }).click();
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(
      page.frameLocator("[data-testid=outbox-frame]").getByRole("heading", { name: "Hej Anna!" }),
    ).toBeVisible();
    const unsubscribe = page
      .getByTestId("outbox-links")
      .getByRole("listitem")
      .filter({ hasText: "Avregistrera dig från den här listan" })
      .getByRole("link");
    const href = await unsubscribe.getAttribute("href");
    expect(href).toContain(`/unsubscribe/${list.uuid}/`);
    const [recipientTab] = await Promise.all([context.waitForEvent("page"), unsubscribe.click()]);
    await recipientTab.close();

    // The recipient opens the same link on a phone.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "sv-SE" });
    const recipient = await phone.newPage();
    await recipient.goto(href!);
    await expect(recipient.getByRole("heading", { name: "Avsluta prenumeration" })).toBeVisible();
    await expectAccessible(recipient);
    await recipient.getByRole("button", { name: "Avsluta prenumerationen" }).click();
    await expect(recipient.getByRole("heading", { name: `Du har lämnat Vinter ${stamp}` })).toBeVisible();
    await expectAccessible(recipient);
    await phone.close();
    const lists = (await api(request, token, "GET", `/v3/subscription_list/member/${member.id}`)) as {
      id: number;
      is_subscribed: boolean;
    }[];
    expect(lists.find((l) => l.id === list.id)?.is_subscribed).toBe(false);
  } finally {
    await sender.stop();
  }
});
