// Business rules of members on the services directly (lib/services/member-changes.ts): no server, no build. The
// inputs go through the same zod schemas the API parses them with.
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/lib/services/caller";
import { callerForApiKey } from "@/lib/services/api-keys";
import { createMember, updateMember } from "@/lib/services/member-changes";
import { createPeriod } from "@/lib/services/member-reference";
import { CreateMemberRequest, UpdateMemberRequest } from "@/lib/validation/member";
import { makeApiKey, makeCompany } from "../helpers";

const period = (companyId: string, name = "2027") =>
  createPeriod(operatorCaller(), { company_id: companyId, name, start_date: "2027-01-01", end_date: "2027-12-31" });
const newMember = (input: unknown) => createMember(operatorCaller(), CreateMemberRequest.parse(input));

describe("members", () => {
  it("an email is unique within its organization only, compared lower-cased", async () => {
    const [first, second] = [await makeCompany("Förbund A"), await makeCompany("Förbund B")];
    await newMember({ company_id: first.id, email: "Anna@Example.org" });
    await expect(newMember({ company_id: first.id, email: "anna@example.org" })).rejects.toMatchObject({
      errors: { email: ["already used by another member of the organization"] },
    });
    expect((await newMember({ company_id: second.id, email: "anna@example.org" })).company_id).toBe(second.id);
  });

  it("a federation's periods serve its clubs; a club's own do not serve the federation or a sibling", async () => {
    const federation = await makeCompany("Förbund");
    const [club, sibling] = [await makeCompany("Klubb", federation.id), await makeCompany("Syskonklubb", federation.id)];
    const [federationPeriod, siblingPeriod] = [await period(federation.id), await period(sibling.id)];

    const member = await newMember({ company_id: federation.id, memberships: [{ company_id: club.id, period_id: federationPeriod.id }] });
    expect(member.memberships.map((m) => [m.company_id, m.period_id])).toEqual([[club.id, federationPeriod.id]]);

    await expect(
      newMember({ company_id: federation.id, memberships: [{ company_id: club.id, period_id: siblingPeriod.id }, { company_id: federation.id, period_id: siblingPeriod.id }] }),
    ).rejects.toMatchObject({
      errors: { "memberships.0.period_id": ["no such period for this company"], "memberships.1.period_id": ["no such period for this company"] },
    });
    // A membership is in the member's company or below it, never above.
    await expect(newMember({ company_id: club.id, memberships: [{ company_id: federation.id, period_id: federationPeriod.id }] })).rejects.toMatchObject({
      errors: { "memberships.0.company_id": ["must be the member's company or a company below it"] },
    });
  });

  it("replacing memberships replaces those in the caller's scope; memberships outside it stay", async () => {
    const federation = await makeCompany("Förbund");
    const [club, other] = [await makeCompany("Klubb", federation.id), await makeCompany("Annan klubb", federation.id)];
    const season = await period(federation.id);
    const member = await newMember({
      company_id: federation.id,
      memberships: [{ company_id: club.id, period_id: season.id }, { company_id: other.id, period_id: season.id }],
    });
    const clubCaller = (await callerForApiKey((await makeApiKey({ companyId: club.id, companyIds: [club.id, federation.id], includeDescendants: false })).id))!;

    const updated = await updateMember(clubCaller, member.id, UpdateMemberRequest.parse({ memberships: [] }));
    expect(updated.memberships.map((m) => m.company_id)).toEqual([other.id]);
  });
});
