// Business rules of the company register on the services directly (modules/companies/services/changes.ts): where a
// company may be placed in the tree, and when it may be deleted. No server, no build. On a database of this file's own:
// the operator's register is every company in the database, and other files adding theirs between two reads of it
// failed the comparison of the cached register with its rows on PostgreSQL, where the files share one database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { companyRegisterJson, listCompanyRegister } from "@/modules/companies/services/companies";
import { createCompany, deleteCompany, updateCompany } from "@/modules/companies/services/changes";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { makeApiKey, makeCompany } from "../helpers";
import { useDatabaseOfOwn } from "../process-fixtures";

let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
beforeAll(async () => {
  database = await useDatabaseOfOwn();
}, 60_000);
afterAll(async () => {
  await database?.drop();
});

const scopedTo = async (companyId: string) =>
  (await callerForApiKey((await makeApiKey({ companyId, companyIds: [companyId] })).id))!;

describe("company register", () => {
  it("a company cannot be placed under itself or its own sub-company", async () => {
    const federation = await makeCompany("Förbund");
    const district = await makeCompany("Distrikt", federation.id);
    const club = await makeCompany("Klubb", district.id);
    const cycle = { errors: { parentId: ["a company cannot be placed under itself or its own sub-company"] } };
    await expect(updateCompany(operatorCaller(), federation.id, { parentId: club.id })).rejects.toMatchObject(cycle);
    await expect(updateCompany(operatorCaller(), district.id, { parentId: district.id })).rejects.toMatchObject(cycle);
    // Moving a club to another branch is fine.
    const other = await makeCompany("Annat distrikt", federation.id);
    expect((await updateCompany(operatorCaller(), club.id, { parentId: other.id })).parentId).toBe(other.id);
  });

  it("a company with live sub-companies is not deleted; once they are gone it is, and it is no parent any more", async () => {
    const federation = await makeCompany("Förbund");
    const club = await makeCompany("Klubb", federation.id);
    await expect(deleteCompany(operatorCaller(), federation.id)).rejects.toMatchObject({ status: 409 });
    await deleteCompany(operatorCaller(), club.id);
    expect((await deleteCompany(operatorCaller(), federation.id)).deletedAt).not.toBeNull();
    await expect(
      createCompany(operatorCaller(), { name: "Ny klubb", orgNumber: "802000-0001", parentId: federation.id }),
    ).rejects.toMatchObject({
      errors: { parentId: ["unknown parent company"] },
    });
  });

  it("a scoped caller adds companies under its own, never at the top; names are trimmed", async () => {
    const federation = await makeCompany("Förbund");
    const caller = await scopedTo(federation.id);
    await expect(createCompany(caller, { name: "Eget förbund", orgNumber: "802000-0002" })).rejects.toMatchObject({
      errors: { parentId: ["required: you may only add companies under your own"] },
    });
    const club = await createCompany(caller, {
      name: "  Klubben  ",
      orgNumber: " 802000-0003 ",
      parentId: federation.id,
    });
    expect([club.name, club.orgNumber, club.parentId]).toEqual(["Klubben", "802000-0003", federation.id]);
    const outside = await makeCompany("Annat förbund");
    await expect(
      createCompany(caller, { name: "Klubb", orgNumber: "802000-0004", parentId: outside.id }),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe("the dashboard's register", () => {
  it("is the live companies in the caller's scope with their parents' names, and shows a change at once", async () => {
    const federation = await makeCompany("Registerförbundet");
    const club = await makeCompany("Registerklubben", federation.id);
    const outsider = await makeCompany("Utomstående registerklubb");
    const scoped = await callerForApiKey(
      (await makeApiKey({ companyId: federation.id, companyIds: [federation.id], includeDescendants: true })).id,
    );
    const ids = (rows: { company_id: string }[]) => rows.map((r) => r.company_id);

    const seen = await listCompanyRegister(scoped!);
    expect(ids(seen).sort()).toEqual([federation.id, club.id].sort());
    expect(seen.find((r) => r.company_id === club.id)).toMatchObject({
      parent_id: federation.id,
      parent_name: federation.name,
    });
    expect(ids(await listCompanyRegister(operatorCaller()))).toContain(outsider.id);

    // Served from the instance's copy of the register: a rename, an fk_status and a deletion show on the next read.
    await updateCompany(operatorCaller(), federation.id, { name: "Omdöpta förbundet" });
    await updateFkStatus(operatorCaller(), club.id, "ACTIVE");
    expect((await listCompanyRegister(scoped!)).find((r) => r.company_id === club.id)).toMatchObject({
      parent_name: "Omdöpta förbundet",
      fk_status: "ACTIVE",
    });
    await deleteCompany(operatorCaller(), club.id);
    expect(ids(await listCompanyRegister(scoped!))).toEqual([federation.id]);
    expect(ids(await listCompanyRegister(scoped!, { q: "Omdöpta" }))).toEqual([federation.id]);
  });

  it("is served serialized as listCompanyRegister's rows, the whole register's text kept until a company changes", async () => {
    const federation = await makeCompany("Textförbundet");
    const scoped = await scopedTo(federation.id);
    const asText = async (caller: Parameters<typeof listCompanyRegister>[0], query = {}) =>
      JSON.stringify(await listCompanyRegister(caller, query));
    const whole = await companyRegisterJson(operatorCaller());
    expect(whole).toBe(await asText(operatorCaller()));
    expect(await companyRegisterJson(scoped)).toBe(await asText(scoped));
    expect(await companyRegisterJson(operatorCaller(), { q: "Textförbundet" })).toBe(
      await asText(operatorCaller(), { q: "Textförbundet" }),
    );
    expect(await companyRegisterJson(operatorCaller())).toBe(whole);
    await updateCompany(operatorCaller(), federation.id, { name: "Omdöpta textförbundet" });
    const renamed = await companyRegisterJson(operatorCaller());
    expect(renamed).toContain("Omdöpta textförbundet");
    expect(renamed).toBe(await asText(operatorCaller()));
  });
});
