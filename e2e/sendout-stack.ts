// What e2e/admin-sendouts.spec.ts runs on: a second instance of the e2e deployment (the same database and secrets) with
// its sendout worker on and SMTP_URL pointed at a real SMTP server of the test's own (tests/smtp-sink.ts), an
// association seeded over /v3, and the page checks (no CSP error, axe). The shared e2e setup stays as it is: its
// server sends no sendouts (SENDOUT_WORKER off).
import crypto from "node:crypto";
import { expect, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { startServer, testSecrets } from "../scripts/lib/test-stack";
import { startSmtpSink } from "../tests/smtp-sink";
import { expectAccessible } from "./admin-helpers";
import { cli } from "./helpers";

const port = Number(process.env.E2E_PORT || 3217) + 1;
export const sendoutBaseURL = `http://127.0.0.1:${port}`;

type Api = (method: "GET" | "POST", path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Seeds over /v3 with an API key of the company: two lists, three subscribers, one of whom opted out of everything
 * (which ends his subscriptions) and was then subscribed again by staff: subscribed, but left out of sendouts; and an
 * activity with two adult participants on no list (its contacts are their own addresses). */
async function seed(api: Api, companyId: string, stamp: string) {
  const list = async (name: string) =>
    (await api("POST", "/v3/subscription_list", { company_id: companyId, name: `${name} ${stamp}` })).id as number;
  const lists = { winter: await list("Vinterbrev"), youth: await list("Ungdom") };
  const member = async (firstname: string, listIds: number[], birthdate?: string) => {
    const { id } = await api("POST", "/v3/member", {
      company_id: companyId,
      firstname,
      lastname: "Test",
      email: `${firstname.toLowerCase()}-${stamp}@example.se`,
      ...(birthdate ? { birthdate } : {}),
    });
    for (const listId of listIds) await api("POST", `/v3/subscription_list/${listId}/subscribe/${id}`);
    return id as number;
  };
  await member("Anna", [lists.winter, lists.youth]);
  await member("Cecilia", [lists.youth]);
  const bertil = await member("Bertil", [lists.winter]);
  const links = cli(["member:links", String(bertil)]) as { global_opt_out_url: string };
  const optOut = new URL(links.global_opt_out_url);
  await api("POST", `${optOut.pathname}${optOut.search}`, {});
  await api("POST", `/v3/subscription_list/${lists.winter}/subscribe/${bertil}`);
  const activity = (await api("POST", "/v3/activities", { company_id: companyId, name: `Skidskola ${stamp}` }))
    .id as number;
  for (const name of ["David", "Eva"])
    await api("POST", `/v3/activities/${activity}/participants`, { member_id: await member(name, [], "1990-02-01") });
  return { lists, activity };
}

/** The second instance, its SMTP server and a seeded association; stop() ends both. */
export async function startSendoutStack(playwright: PlaywrightWorkerArgs["playwright"]) {
  const stamp = crypto.randomBytes(3).toString("hex");
  const sink = await startSmtpSink();
  const secrets = Object.fromEntries(Object.keys(testSecrets()).map((name) => [name, process.env[name] ?? ""]));
  const server = await startServer({
    databaseUrl: process.env.E2E_DATABASE_URL!,
    secrets,
    port,
    env: {
      SMTP_URL: sink.url,
      SENDOUT_WORKER: "on",
      SENDOUT_POLL_MS: "300",
      RATE_LIMIT_LOGIN_IP_FAILS_PER_HOUR: "1000",
      RATE_LIMIT_PUBLIC_POST_PER_MIN: "1000",
    },
  });
  const company = cli([
    "company:create",
    "--name",
    `Skid-IF Väst ${stamp}`,
    "--org-number",
    `559702-${crypto.randomInt(1000, 9999)}`,
  ]) as { company_id: string };
  const key = cli(["api-key:create", "--name", `utskick-${stamp}`, "--company", company.company_id]) as {
    client_id: string;
    client_secret: string;
  };
  const request = await playwright.request.newContext({ baseURL: sendoutBaseURL });
  const basic = Buffer.from(`${key.client_id}:${key.client_secret}`).toString("base64");
  const token = (
    await (await request.post("/v3/access/user/basic", { headers: { authorization: `Basic ${basic}` } })).json()
  ).access_token as string;
  const api: Api = async (method, path, body) => {
    const response = await request.fetch(path, {
      method,
      data: body,
      headers: path.includes("/unsubscribe/all/") ? {} : { authorization: `Bearer ${token}` },
    });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };
  const { lists, activity } = await seed(api, company.company_id, stamp);
  await request.dispose();
  return {
    stamp,
    sink,
    company,
    lists,
    activity,
    async stop() {
      await server.stop();
      await sink.stop();
    },
  };
}

/** Every console message that reports a refused Content-Security-Policy, collected as the page runs. */
export function cspErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/** The page so far logged no CSP error, and axe finds nothing serious. axe's own probes add inline styles that the
 * policy refuses, so what it causes is not the page's and is dropped afterwards. The preview frame is left out: axe
 * cannot run inside a frame that allows no scripts (it waits minutes for it), and the message's own accessibility is
 * e2e/sendout-mail.spec.ts's. */
export async function checkPage(page: Page, csp: string[]) {
  expect(csp).toEqual([]);
  await expectAccessible(page, "[data-testid=sendout-preview-frame]");
  csp.length = 0;
}
