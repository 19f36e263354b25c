// The operator's member commands: the generator of large organizations, periods, member types and member:show.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { cli, makeCompany } from "../helpers";

describe("member CLI", () => {
  it("generates members with memberships, properties and registrations, the same for the same seed", async () => {
    const root = await makeCompany("Generatorförbundet");
    const club = await makeCompany("Generatorklubben", root.id);
    const first = cli(["member:generate", "--company", root.id, "--members", "1500", "--seed", "42"]);
    expect(first.code).toBe(0);
    expect(first.json).toMatchObject({ company_id: root.id, members: 1500 });
    expect(first.json.memberships).toBeGreaterThanOrEqual(1500);
    expect(await db().member.count({ where: { organizationId: root.id } })).toBe(1500);
    expect(await db().membership.count({ where: { member: { organizationId: root.id } } })).toBe(
      first.json.memberships,
    );
    expect(await db().membership.count({ where: { companyId: club.id } })).toBeGreaterThan(0);
    expect(await db().memberProperty.count({ where: { member: { organizationId: root.id } } })).toBe(
      first.json.properties,
    );
    expect(await db().period.count({ where: { companyId: root.id } })).toBe(2);
    expect(await db().memberType.count({ where: { companyId: root.id } })).toBe(4);

    const again = cli(["member:generate", "--company", root.id, "--members", "1500", "--seed", "42"]);
    expect({ ...again.json }).toEqual({ ...first.json });
    expect(await db().period.count({ where: { companyId: root.id } })).toBe(2);

    const member = await db().member.findFirstOrThrow({ where: { organizationId: root.id }, orderBy: { id: "asc" } });
    const shown = cli(["member:show", String(member.id)]);
    expect(shown.json).toMatchObject({ id: member.id, company_id: root.id, memberships: expect.any(Array) });
  });

  it("creates periods and member types, and refuses bad input with the API's 400 body", async () => {
    const company = await makeCompany("Periodföreningen");
    const period = cli([
      "period:create",
      "--company",
      company.id,
      "--name",
      "Säsong 27",
      "--start",
      "2027-08-01",
      "--end",
      "2028-07-31",
    ]);
    expect(period).toMatchObject({
      code: 0,
      json: { name: "Säsong 27", start_date: "2027-08-01", end_date: "2028-07-31" },
    });
    const type = cli(["member-type:create", "--company", company.id, "--name", "Hedersmedlem"]);
    expect(type).toMatchObject({ code: 0, json: { name: "Hedersmedlem", company_id: company.id } });
    const backwards = cli([
      "period:create",
      "--company",
      company.id,
      "--name",
      "Fel",
      "--start",
      "2027-08-01",
      "--end",
      "2027-07-31",
    ]);
    expect(backwards).toMatchObject({
      code: 1,
      json: { status: 400, errors: { end_date: ["must not be before start_date"] } },
    });
    expect(cli(["member:generate", "--company", company.id, "--members", "0"]).json).toMatchObject({
      status: 400,
      errors: { members: expect.any(Array) },
    });
    expect(cli(["member:show", "999999999"]).json).toEqual({ status: 404, reason: "member not found" });
  });
});
