// The hosted form shows the organization behind the list and whether consent is required, and it is served from
// templates (lib/cache/hosted-page-cache.ts): a change of either, by anyone (here a hand-written update of the
// company's row), must show on the next GET. The epoch triggers of migration consent_required make it so.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call } from "../helpers";
import { makeList } from "../subscription-fixtures";

/** The page's text as read: tags and React's text-node separators removed. */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "");

describe("the hosted form's organization and consent setting, from templates", () => {
  it("a renamed company, its new contact and a changed consent setting show on the next GET", async () => {
    const f = await makeList({ termHtml: "<p>Villkor</p>" });
    const path = `/subscribe/${f.uuid}`;
    await call(path);
    const cached = await call(path);
    expect(cached.headers.get("content-length")).not.toBeNull(); // from a template
    expect(cached.text).toMatch(/Listan drivs av Listföreningen \d+\./);
    expect(textOf(cached.text)).toContain("Jag godkänner villkoren ovan (obligatoriskt)");
    expect(cached.text).toMatch(/maxlength="254"/i); // the contract's limit, in the markup

    await db().company.update({
      where: { id: f.companyId },
      data: { name: "Nya klubben", email: "kansli@nya.example", web: "nya.example" },
    });
    const renamed = await call(path);
    expect(renamed.text).toContain("Listan drivs av Nya klubben.");
    expect(renamed.text).toContain('href="mailto:kansli@nya.example"');
    expect(renamed.text).toContain('href="https://nya.example/"');

    const off = await call(`/v3/subscription_list/${f.id}`, {
      method: "PUT",
      token: f.token,
      body: { consent_required: false },
    });
    expect(off.status).toBe(200);
    expect(off.json.consent_required).toBe(false);
    expect(textOf((await call(path)).text)).toContain("Jag godkänner villkoren ovan (frivilligt)");
  });
});
