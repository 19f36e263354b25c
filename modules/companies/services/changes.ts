// Changing the company register: new companies in the tree, register fields, soft deletion, the operator's bulk
// import. Each change is audited in its transaction. fk_status has its own module (fk-status.ts).
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { Conflict, ValidationFailed } from "@/lib/errors";
import { assertCompanyInScope, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyWithAncestors } from "./tree";
import { recordAudit } from "@/modules/audit/services/audit";
import { companyInScope } from "./companies";
import { liveCompany } from "@/lib/live-records";

export interface NewCompany {
  name: string;
  orgNumber: string;
  parentId?: string | null;
  shortname?: string | null;
  street?: string | null;
  co?: string | null;
  zipcode?: string | null;
  post?: string | null;
  country?: string | null;
  email?: string | null;
  phone?: string | null;
  landline?: string | null;
  web?: string | null;
  cName?: string | null;
  cEmail?: string | null;
  cPhone?: string | null;
}

export type CompanyChanges = Partial<NewCompany>;

async function assertLiveParent(parentId: string) {
  const parent = await db().company.findFirst({ where: { id: parentId, ...liveCompany } });
  if (!parent) throw new ValidationFailed({ parentId: ["unknown parent company"] });
}

/**
 * A new company. A top-level company needs an all-scope caller; a sub-company needs its parent in scope (the new
 * company then is too, when the scope includes descendants).
 */
export async function createCompany(caller: Caller, input: NewCompany) {
  requirePermission(caller, "COMPANY.U");
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  if (!input.orgNumber.trim()) throw new ValidationFailed({ orgNumber: ["required"] });
  if (input.parentId) {
    await assertLiveParent(input.parentId);
    await assertCompanyInScope(caller, input.parentId);
  } else if (caller.scope.kind !== "all") {
    throw new ValidationFailed({ parentId: ["required: you may only add companies under your own"] });
  }
  const data = {
    ...input,
    id: crypto.randomUUID(),
    uuid: crypto.randomUUID(),
    name: input.name.trim(),
    orgNumber: input.orgNumber.trim(),
  };
  return db().$transaction(async (tx) => {
    const company = await tx.company.create({ data });
    await recordAudit(tx, caller, {
      action: "company.create",
      objectType: "company",
      objectId: company.id,
      companyId: company.id,
      summary: company.name,
    });
    return company;
  });
}

/** Changes register fields (not fk_status: that has its own history). A parent may not be a descendant. */
export async function updateCompany(caller: Caller, companyId: string, changes: CompanyChanges) {
  requirePermission(caller, "COMPANY.U");
  await companyInScope(caller, companyId);
  if (changes.name !== undefined && !changes.name.trim()) throw new ValidationFailed({ name: ["required"] });
  if (changes.orgNumber !== undefined && !changes.orgNumber.trim())
    throw new ValidationFailed({ orgNumber: ["required"] });
  if (changes.parentId) {
    await assertLiveParent(changes.parentId);
    await assertCompanyInScope(caller, changes.parentId);
    if ((await companyWithAncestors(changes.parentId)).includes(companyId)) {
      throw new ValidationFailed({ parentId: ["a company cannot be placed under itself or its own sub-company"] });
    }
  }
  const data = {
    ...changes,
    ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
    ...(changes.orgNumber !== undefined ? { orgNumber: changes.orgNumber.trim() } : {}),
  };
  return db().$transaction(async (tx) => {
    const company = await tx.company.update({ where: { id: companyId }, data });
    await recordAudit(tx, caller, {
      action: "company.update",
      objectType: "company",
      objectId: companyId,
      companyId,
      summary: `changed ${Object.keys(changes).join(", ")}`,
    });
    return company;
  });
}

/**
 * Soft delete: the company disappears from the register and the single-company operations, its history stays.
 * Refused while it has live sub-companies, so the tree never has live children under a deleted parent.
 */
export async function deleteCompany(caller: Caller, companyId: string) {
  requirePermission(caller, "COMPANY.U");
  await companyInScope(caller, companyId);
  const children = await db().company.count({ where: { parentId: companyId, ...liveCompany } });
  if (children > 0) throw new Conflict(`company has ${children} sub-company(ies); move or delete them first`);
  return db().$transaction(async (tx) => {
    const company = await tx.company.update({ where: { id: companyId }, data: { deletedAt: new Date() } });
    await recordAudit(tx, caller, {
      action: "company.delete",
      objectType: "company",
      objectId: companyId,
      companyId,
      summary: company.name,
    });
    return company;
  });
}

/** Whether the register has any company at all (the demo seeds only an empty database). */
export async function registerIsEmpty(): Promise<boolean> {
  return (await db().company.count()) === 0;
}

/** Many companies in one statement per batch, for the operator's bulk loads (the benchmark's large register). */
export async function importCompanies(
  caller: Caller,
  rows: { id: string; uuid: string; name: string; orgNumber: string; parentId: string | null }[],
): Promise<void> {
  requirePermission(caller, "COMPANY.U");
  if (caller.scope.kind !== "all") throw new ValidationFailed({}, ["bulk import needs an all-company scope"]);
  await db().company.createMany({ data: rows });
}
