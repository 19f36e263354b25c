// Company scope of access groups: listed companies, with or without their descendants, or all.
import { describe, expect, it } from "vitest";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { isCompanyInScope } from "@/modules/access/services/access-checks";
import { makeApiKey, makeCompany } from "../helpers";

describe("company scope", () => {
  it("includes descendants only when the group says so", async () => {
    const root = await makeCompany("Förbund");
    const district = await makeCompany("Distrikt", root.id);
    const club = await makeCompany("Klubb", district.id);
    const other = await makeCompany("Annan");

    const withDescendants = await callerForApiKey((await makeApiKey({ companyIds: [district.id] })).id);
    expect(await isCompanyInScope(withDescendants!, district.id)).toBe(true);
    expect(await isCompanyInScope(withDescendants!, club.id)).toBe(true);
    expect(await isCompanyInScope(withDescendants!, root.id)).toBe(false);
    expect(await isCompanyInScope(withDescendants!, other.id)).toBe(false);

    const exact = await callerForApiKey(
      (await makeApiKey({ companyIds: [district.id], includeDescendants: false })).id,
    );
    expect(await isCompanyInScope(exact!, district.id)).toBe(true);
    expect(await isCompanyInScope(exact!, club.id)).toBe(false);

    const all = await callerForApiKey((await makeApiKey({ companyIds: null })).id);
    expect(await isCompanyInScope(all!, other.id)).toBe(true);
  });
});
