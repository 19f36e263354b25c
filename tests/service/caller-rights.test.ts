// What dashboard users may do, called on the services directly (no HTTP): a role caps the access group (VIEWER
// reads only, only ADMIN manages access), and an ADMIN grants no more than it has itself (assertGrantWithinCaller).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Forbidden, ValidationFailed } from "@/lib/errors";
import { adminUserCaller, type Caller, operatorCaller } from "@/modules/access/services/caller";
import { createAdminUser } from "@/modules/access/services/admin-users";
import { createApiKey, listApiKeys } from "@/modules/access/services/api-keys";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { createList, updateList } from "@/modules/lists/services/lists";
import { MODULES, PERMISSIONS, type AccessGroupValues, type AdminRole } from "@/modules/access/schemas/access";
import { makeCompany } from "../helpers";

/** A dashboard user made by the operator, as the dashboard's session sees them (adminUserCaller). */
async function dashboardCaller(role: AdminRole, access: AccessGroupValues): Promise<Caller> {
  const created = await createAdminUser(operatorCaller(), {
    email: `${role.toLowerCase()}.${crypto.randomBytes(6).toString("hex")}@example.org`,
    name: `${role} user`,
    password: crypto.randomBytes(12).toString("hex"),
    role,
    access,
  });
  const user = await db().adminUser.findUniqueOrThrow({
    where: { id: created.id },
    include: { accessGroup: { include: { companies: true } } },
  });
  return adminUserCaller(user, user.accessGroup);
}

const everything = {
  modules: [...MODULES],
  permissions: [...PERMISSIONS],
  company_ids: null,
  include_descendants: true,
};

/** The error a call rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected the call to be refused"),
    (error: unknown) => error,
  );
}

async function expectValidationFailed(promise: Promise<unknown>, field: string) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ValidationFailed);
  expect(Object.keys((error as ValidationFailed).errors)).toEqual([field]);
}

async function expectForbidden(promise: Promise<unknown>, reason: string) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(Forbidden);
  expect((error as Forbidden).message).toBe(reason);
}

const keyCount = (companyId: string) => db().apiKey.count({ where: { companyId } });

describe("assertGrantWithinCaller: a scoped ADMIN grants no more than it has", () => {
  it("refuses all-company scope, modules and permissions it lacks, and companies outside its scope", async () => {
    const district = await makeCompany("Distrikt");
    const club = await makeCompany("Klubb", district.id);
    const other = await makeCompany("Annat distrikt");
    const admin = await dashboardCaller("ADMIN", {
      modules: ["subscription_list"],
      permissions: ["SUBSCRIPTION_LIST.U"],
      company_ids: [district.id],
      include_descendants: true,
    });
    const key = (access: Partial<AccessGroupValues>) =>
      createApiKey(admin, {
        name: "Integratör",
        company_id: district.id,
        access: {
          modules: ["subscription_list"],
          permissions: [],
          company_ids: [district.id],
          include_descendants: true,
          ...access,
        },
      });

    await expectValidationFailed(key({ company_ids: null }), "access.company_ids");
    await expectValidationFailed(key({ modules: ["subscription_list", "company"] }), "access.modules");
    await expectValidationFailed(key({ permissions: ["SUBSCRIPTION_LIST.U", "COMPANY.U"] }), "access.permissions");
    await expectValidationFailed(key({ company_ids: [club.id, other.id] }), "access.company_ids");
    expect(await keyCount(district.id)).toBe(0);

    // Within its own rights (a sub-company counts: the admin's scope includes descendants) the key is made.
    const made = await key({ permissions: ["SUBSCRIPTION_LIST.U"], company_ids: [club.id] });
    expect(made).toMatchObject({
      name: "Integratör",
      company_id: district.id,
      client_id: expect.stringMatching(/^ck_/),
    });
    expect(await keyCount(district.id)).toBe(1);
  });

  it("names every excess at once", async () => {
    const district = await makeCompany("Distrikt");
    const other = await makeCompany("Annat distrikt");
    const admin = await dashboardCaller("ADMIN", {
      modules: ["company"],
      permissions: [],
      company_ids: [district.id],
      include_descendants: true,
    });
    const error = await rejection(
      createApiKey(admin, {
        name: "För mycket",
        company_id: district.id,
        access: {
          modules: ["company", "member"],
          permissions: ["COMPANY.U"],
          company_ids: [other.id],
          include_descendants: true,
        },
      }),
    );
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).errors).toEqual({
      "access.modules": ["you cannot grant member"],
      "access.permissions": ["you cannot grant COMPANY.U"],
      "access.company_ids": ["you can only grant companies inside your own scope"],
    });
  });
});

describe("roles", () => {
  it("a VIEWER is Forbidden to change fk_status or a list, whatever its access group grants", async () => {
    const company = await makeCompany("Tittarföreningen");
    const list = await createList(operatorCaller(), { name: "Nyhetsbrev", company_id: company.id });
    const viewer = await dashboardCaller("VIEWER", { ...everything, company_ids: [company.id] });
    expect(viewer.permissions.size).toBe(0);

    await expectForbidden(updateFkStatus(viewer, company.id, "ACTIVE"), "access group lacks the COMPANY.U permission");
    await expectForbidden(
      updateList(viewer, list.id, { name: "Kapad" }),
      "access group lacks the SUBSCRIPTION_LIST.U permission",
    );
    expect((await db().company.findUniqueOrThrow({ where: { id: company.id } })).fkStatus).toBe("NONE");
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: list.id } })).name).toBe("Nyhetsbrev");
    expect(await db().fkStatusChange.count({ where: { companyId: company.id } })).toBe(0);
    expect(await db().auditEntry.count({ where: { companyId: company.id, actor: viewer.actor } })).toBe(0);
  });

  it("an EDITOR writes within its group but cannot manage API keys: Forbidden, only ADMIN", async () => {
    const company = await makeCompany("Redaktörsföreningen");
    const editor = await dashboardCaller("EDITOR", everything);
    expect(await updateFkStatus(editor, company.id, "ML_ADDED")).toEqual({
      company_id: company.id,
      fk_status: "ML_ADDED",
    });

    const only = "only an ADMIN may manage access";
    await expectForbidden(
      createApiKey(editor, {
        name: "Nej",
        company_id: company.id,
        access: { modules: ["company"], permissions: [], company_ids: null, include_descendants: true },
      }),
      only,
    );
    await expectForbidden(listApiKeys(editor), only);
    expect(await keyCount(company.id)).toBe(0);
  });
});
