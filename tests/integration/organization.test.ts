// Spec 4.3 reference endpoints: company hierarchy, company search, periods, member types and properties.
import { beforeAll, describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { deleteCompany } from "@/modules/companies/services/changes";
import { createMemberType, createPeriod } from "@/modules/members/services/reference";
import { createProperty } from "@/modules/members/services/properties";
import { call, makeCompany } from "../helpers";
import { makeOrganization, type Organization } from "../member-fixtures";

let org: Organization;
beforeAll(async () => {
  org = await makeOrganization();
});

describe("company hierarchy", () => {
  it("nests the caller's companies, children by name; a parent outside the scope makes a root", async () => {
    const grandchild = await makeCompany("Barnbarn", org.clubIds[0]);
    const res = await call("/v3/company/hierarchy", { token: org.token });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    const [root] = res.json;
    expect(root).toMatchObject({ company_id: org.rootId, org_number: expect.any(String), shortname: null });
    expect(root.children.map((c: any) => c.company_id)).toEqual([org.clubIds[0], org.clubIds[1]]);
    expect(root.children[0].children).toEqual([
      {
        company_id: grandchild.id,
        name: grandchild.name,
        shortname: null,
        org_number: grandchild.orgNumber,
        children: [],
      },
    ]);

    const clubScoped = await call("/v3/company/hierarchy", {
      token: await org.tokenFor({ companyIds: [org.clubIds[0]] }),
    });
    expect(clubScoped.json.map((c: any) => c.company_id)).toEqual([org.clubIds[0]]);
    expect(clubScoped.json[0].children.map((c: any) => c.company_id)).toEqual([grandchild.id]);

    await deleteCompany(operatorCaller(), grandchild.id);
    const afterDelete = await call("/v3/company/hierarchy", { token: org.token });
    expect(afterDelete.json[0].children[0].children).toEqual([]);

    expect((await call("/v3/company/hierarchy")).status).toBe(401);
    expect((await call("/v3/company/hierarchy", { token: await org.tokenFor({ modules: ["member"] }) })).json).toEqual({
      reason: "access group lacks the company module",
    });
  });
});

describe("company search", () => {
  let exact: { id: string; name: string; orgNumber: string };
  const names = { junior: "", wildcard: "" };
  beforeAll(async () => {
    const suffix = String(process.pid);
    exact = await makeCompany(`Sökklubb${suffix}`, org.rootId); // makeCompany appends a number to the name
    names.junior = (await makeCompany(`Aaa ${exact.name} Junior`, org.rootId)).name;
    names.wildcard = (await makeCompany(`${exact.name} 100%_rätt`, org.rootId)).name;
  });
  const search = (query: string, token = org.token) => call(`/v3/company/search?${query}`, { token });

  it("matches name substrings case-insensitively, exact match first, then by name", async () => {
    const res = await search(`q=${encodeURIComponent(exact.name.toUpperCase())}`);
    expect(res.status).toBe(200);
    expect(res.json[0]).toEqual({
      company_id: exact.id,
      name: exact.name,
      org_number: exact.orgNumber,
      shortname: null,
      street: null,
      zipcode: null,
      post: null,
    });
    expect(res.json.map((c: any) => c.name).slice(1)).toEqual([names.junior, names.wildcard]);
    // Swedish letters match whatever their case, on SQLite too (its LIKE folds only ASCII).
    expect((await search(`q=${encodeURIComponent(`sökklubb${process.pid}`)}`)).json).toHaveLength(3);
    expect((await search(`q=${encodeURIComponent(`SÖKKLUBB${process.pid}`)}`)).json).toHaveLength(3);
  });

  it("matches the org number with or without its hyphen, and treats LIKE wildcards literally", async () => {
    expect((await search(`q=${exact.orgNumber}`)).json.map((c: any) => c.company_id)).toEqual([exact.id]);
    expect((await search(`q=${exact.orgNumber.replace("-", "")}`)).json.map((c: any) => c.company_id)).toEqual([
      exact.id,
    ]);
    expect((await search(`q=${encodeURIComponent("100%_r")}`)).json.map((c: any) => c.name)).toEqual([names.wildcard]);
    expect((await search(`q=${encodeURIComponent("%%")}`)).json).toEqual([]);
    expect((await search(`q=${encodeURIComponent("__")}`)).json).toEqual([]);
  });

  it("bounds q and limit, and stays in the caller's scope", async () => {
    const short = await search("q=a");
    expect(short.status).toBe(400);
    expect(short.json).toMatchObject({
      reason: "query must be at least 2 characters",
      code: "validation_error",
      errors: { q: expect.any(Array) },
    });
    expect((await search("q=%20a%20")).json.reason).toBe("query must be at least 2 characters");
    expect((await search("")).status).toBe(400);
    expect((await search(`q=klubb&limit=101`)).json.errors).toHaveProperty("limit");
    expect((await search(`q=klubb&limit=0`)).status).toBe(400);
    expect((await search(`q=sökklubb${process.pid}&limit=1`)).json).toHaveLength(1);
    const many = await search("q=klubb");
    expect(many.json.length).toBeLessThanOrEqual(20);
    expect((await search(`q=${exact.orgNumber}`, await org.tokenFor({ companyIds: [org.otherId] }))).json).toEqual([]);
    expect((await call("/v3/company/search?q=klubb")).status).toBe(401);
    expect((await search("q=klubb", await org.tokenFor({ modules: ["member"] }))).status).toBe(403);
  });
});

describe("periods, member types and properties", () => {
  it("lists a company's own and its parents' entries with company_id, every company's in scope without", async () => {
    const operator = operatorCaller();
    const clubPeriod = await createPeriod(operator, {
      company_id: org.clubIds[0],
      name: "Säsong 2026/27",
      start_date: "2026-08-01",
      end_date: "2027-07-31",
    });
    const pastPeriod = await createPeriod(operator, {
      company_id: org.rootId,
      name: "2020",
      start_date: "2020-01-01",
      end_date: "2020-12-31",
    });
    await createMemberType(operator, { company_id: org.clubIds[1], name: "Junior" });
    await createProperty(operator, { company_id: org.clubIds[1], group_name: "Klubbfrågor", name: "Domare" });
    await createPeriod(operator, {
      company_id: org.otherId,
      name: "Annan",
      start_date: "2026-01-01",
      end_date: "2026-12-31",
    });

    const periods = await call(`/v3/company_period?company_id=${org.clubIds[0]}`, { token: org.token });
    expect(periods.status).toBe(200);
    expect(periods.json.map((p: any) => p.id)).toEqual([clubPeriod.id, org.periodId, pastPeriod.id]);
    expect(periods.json.find((p: any) => p.id === pastPeriod.id)).toEqual({
      id: pastPeriod.id,
      company_id: org.rootId,
      name: "2020",
      start_date: "2020-01-01",
      end_date: "2020-12-31",
      is_current: false,
    });
    const everywhere = await call("/v3/company_period", { token: org.token });
    expect(everywhere.json.map((p: any) => p.name)).not.toContain("Annan");
    expect(everywhere.json).toHaveLength(3);

    const types = await call(`/v3/membertype?company_id=${org.clubIds[0]}`, { token: org.token });
    expect(types.json).toEqual([{ id: org.memberTypeId, company_id: org.rootId, name: "Senior" }]);
    expect((await call("/v3/membertype", { token: org.token })).json.map((t: any) => t.name)).toEqual([
      "Junior",
      "Senior",
    ]);

    const properties = await call(`/v3/property?company_id=${org.clubIds[1]}`, { token: org.token });
    expect(properties.json.map((g: any) => [g.name, g.properties.map((p: any) => p.name)])).toEqual([
      ["Intressen", ["Fotboll", "Simning"]],
      ["Klubbfrågor", ["Domare"]],
    ]);
    expect(properties.json[0]).toMatchObject({
      company_id: org.rootId,
      descr: null,
      properties: [{ prop_id: org.propIds[0], descr: "" }, { prop_id: org.propIds[1] }],
    });
  });

  it("needs the member module and a company in scope", async () => {
    for (const path of ["/v3/company_period", "/v3/membertype", "/v3/property"]) {
      expect((await call(path)).status).toBe(401);
      expect((await call(path, { token: await org.tokenFor({ modules: ["company"] }) })).json).toEqual({
        reason: "access group lacks the member module",
      });
      expect((await call(`${path}?company_id=${org.otherId}`, { token: org.token })).status).toBe(403);
      expect((await call(`${path}?company_id=${"z".repeat(36)}`, { token: org.token })).json).toEqual({
        reason: "company not found",
      });
      expect((await call(`${path}?company_id=short`, { token: org.token })).status).toBe(400);
    }
  });
});
