// Every dictionary says the same things in Swedish and English: the same keys, no empty text, and no long Swedish
// text left untranslated in English. The type checker already holds `en` to `typeof sv`; this reads the values, so a
// screen walked in one language in the browser tests (e2e/admin-helpers.ts dashboardWalks) is still whole in the other.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const files = [
  ...fs.globSync("modules/*/texts/*.ts", { cwd: root }),
  ...fs.globSync("lib/i18n/admin/*.ts", { cwd: root }),
].sort();

type Tree = { [key: string]: unknown };

/** The dictionaries a texts file exports: each `xMessages(lang)` / `xTexts(lang)` for both languages, or `{ sv, en }`. */
async function dictionaries(file: string): Promise<{ name: string; sv: Tree; en: Tree }[]> {
  const exports = (await import(path.join(root, file))) as Record<string, unknown>;
  const found = [];
  for (const [name, value] of Object.entries(exports)) {
    if (typeof value === "function" && value.length === 1 && /(Messages|Texts|messages)$/.test(name)) {
      found.push({ name, sv: value("sv") as Tree, en: value("en") as Tree });
    } else if (value && typeof value === "object" && "sv" in value && "en" in value) {
      found.push({ name, sv: (value as { sv: Tree }).sv, en: (value as { en: Tree }).en });
    }
  }
  return found;
}

/** A text function's words, called with stand-ins for its values: numbers (which read as text too), else lists. */
function call(text: (...values: unknown[]) => unknown): unknown {
  for (const standIn of [3, ["a", "b"]]) {
    try {
      return text(...Array.from({ length: text.length }, () => standIn));
    } catch {
      // the next stand-in
    }
  }
  throw new Error(`${text.name || "a text function"} takes values that are neither numbers nor lists`);
}

/** Words of three letters or more outside {placeholders}: a text with few says little a translation would change. */
const words = (text: string) => text.replace(/\{[^}]*\}/g, "").match(/\p{L}{3,}/gu) ?? [];

/** Every problem found walking both trees side by side, as "path: what". */
function compare(sv: unknown, en: unknown, at: string, problems: string[]): void {
  if (typeof sv === "function" && typeof en === "function")
    return compare(call(sv as never), call(en as never), `${at}()`, problems);
  if (typeof sv !== typeof en) return void problems.push(`${at}: ${typeof sv} in Swedish, ${typeof en} in English`);
  if (typeof sv === "string") {
    if (sv.trim() === "") problems.push(`${at}: empty in Swedish`);
    if ((en as string).trim() === "") problems.push(`${at}: empty in English`);
    if (words(sv).length >= 3 && sv === en) problems.push(`${at}: the English is the Swedish text`);
    return;
  }
  if (sv && typeof sv === "object") {
    const keys = new Set([...Object.keys(sv), ...Object.keys(en as object)]);
    for (const key of keys) {
      if (!(key in (sv as object))) problems.push(`${at}.${key}: only in English`);
      else if (!(key in (en as object))) problems.push(`${at}.${key}: only in Swedish`);
      else compare((sv as Tree)[key], (en as Tree)[key], `${at}.${key}`, problems);
    }
  }
}

describe("the dictionaries", () => {
  it("are found: every texts file of the domains and the dashboard", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files)("%s: the same keys in both languages, every text written, the English translated", async (file) => {
    const found = await dictionaries(file);
    const problems: string[] = [];
    for (const { name, sv, en } of found) compare(sv, en, name, problems);
    expect(problems).toEqual([]);
  });
});
