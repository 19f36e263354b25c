// Dashboard E2E helpers: admin users made with the operator CLI, signing in through the real form, an axe-core
// check, and screenshots (E2E_UPDATE_SCREENSHOTS=1 writes them to e2e/screenshots/ for committing).
import crypto from "node:crypto";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { cli } from "./helpers";

export const laptop = { width: 1280, height: 800 };
export const tablet = { width: 820, height: 1180 };

/**
 * The walks a dashboard scenario is made in: Swedish at laptop width (1366 px) and English at tablet width (820 px).
 * Each language and each width is walked once; the other two pairs repeated the same path with nothing new to find
 * (the texts themselves are checked key for key by the dictionaries' unit test).
 */
export const dashboardWalks = [
  { lang: "sv", width: "laptop", viewport: { width: 1366, height: 900 } },
  { lang: "en", width: "tablet", viewport: tablet },
] as const;

export interface AdminLogin {
  email: string;
  password: string;
}

/** A dashboard user with the role and access given (default: ADMIN over every company). */
export function createAdmin(
  options: {
    role?: "ADMIN" | "EDITOR" | "VIEWER";
    scope?: string;
    modules?: string;
    permissions?: string;
    noDescendants?: boolean;
  } = {},
): AdminLogin {
  const email = `staff-${crypto.randomBytes(4).toString("hex")}@example.org`;
  const password = `pw-${crypto.randomBytes(9).toString("base64url")}`;
  cli([
    "admin:create",
    "--email",
    email,
    "--name",
    `Staff ${email.slice(6, 10)}`,
    "--password",
    password,
    "--role",
    options.role ?? "ADMIN",
    ...(options.scope ? ["--scope", options.scope] : []),
    ...(options.modules ? ["--modules", options.modules] : []),
    ...(options.permissions !== undefined ? ["--permissions", options.permissions] : []),
    ...(options.noDescendants ? ["--no-descendants"] : []),
  ]);
  return { email, password };
}

/** Signs in through the sign-in page and waits for the overview. */
export async function signIn(page: Page, login: AdminLogin): Promise<void> {
  await page.goto("/admin/login");
  await page.locator("#email").fill(login.email);
  await page.locator("#password").fill(login.password);
  await page.locator("form:has(#email) button[type=submit]").click();
  await page.waitForURL("**/admin");
}

/** No serious or critical axe-core violation on the page as it is now, outside the elements `exclude` selects. */
export async function expectAccessible(page: Page, exclude?: string): Promise<void> {
  // The page at rest: a toast fading in has the blended colours of its opacity transition, which axe counts as too
  // little contrast (a timing, not a finding). Endless ones (a spinner) are not waited for; cancelled ones count as done.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Next streams a page's metadata: right after a refresh the <title> can be a moment behind the body. One that never
  // comes is still axe's finding.
  await page.waitForFunction(() => document.title !== "", undefined, { timeout: 5_000 }).catch(() => undefined);
  const builder = new AxeBuilder({ page });
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.target.join(" ")})`)).toEqual(
    [],
  );
}

/**
 * axe for a page shown without JavaScript: axe runs as a script in the page, which such a page does not run (it hangs).
 * The page's HTML as it is now, its scripts removed, is checked instead in a page of its own at the same address, so
 * its stylesheets load as they did.
 */
export async function expectAccessibleAsServed(page: Page): Promise<void> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize()! });
  try {
    const copy = await context.newPage();
    await copy.route(page.url(), (route) => route.fulfill({ body: html, contentType: "text/html; charset=utf-8" }));
    await copy.goto(page.url());
    await expectAccessible(copy);
  } finally {
    await context.close();
  }
}

/** The whole page unless `fullPage: false` (a page that scrolls inside its own panes, such as /docs: the viewport). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const file = process.env.E2E_UPDATE_SCREENSHOTS
    ? `e2e/screenshots/${name}.png`
    : test.info().outputPath(`${name}.png`);
  fs.mkdirSync(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  await page.screenshot({ path: file, fullPage });
}
