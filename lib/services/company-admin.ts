// Operator-side company register changes (CLI, demo seed): companies in the tree, grants, soft deletion.
import crypto from "node:crypto";
import { db, isUniqueViolation } from "../db";
import { Conflict, NotFound, ValidationFailed } from "../errors";
import { companyWithAncestors } from "./access";

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
  const parent = await db().company.findFirst({ where: { id: parentId, deletedAt: null } });
  if (!parent) throw new ValidationFailed({ parentId: ["unknown parent company"] });
}

export async function createCompany(input: NewCompany) {
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  if (!input.orgNumber.trim()) throw new ValidationFailed({ orgNumber: ["required"] });
  if (input.parentId) await assertLiveParent(input.parentId);
  return db().company.create({
    data: { ...input, id: crypto.randomUUID(), uuid: crypto.randomUUID(), name: input.name.trim(), orgNumber: input.orgNumber.trim() },
  });
}

/** Changes register fields (not fk_status: that has its own history, see setFkStatus). A parent may not be a descendant. */
export async function updateCompany(companyId: string, changes: CompanyChanges) {
  const company = await db().company.findFirst({ where: { id: companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
  if (changes.name !== undefined && !changes.name.trim()) throw new ValidationFailed({ name: ["required"] });
  if (changes.orgNumber !== undefined && !changes.orgNumber.trim()) throw new ValidationFailed({ orgNumber: ["required"] });
  if (changes.parentId) {
    await assertLiveParent(changes.parentId);
    if ((await companyWithAncestors(changes.parentId)).includes(companyId)) {
      throw new ValidationFailed({ parentId: ["a company cannot be placed under itself or its own sub-company"] });
    }
  }
  return db().company.update({
    where: { id: companyId },
    data: {
      ...changes,
      ...(changes.name !== undefined ? { name: changes.name.trim() } : {}),
      ...(changes.orgNumber !== undefined ? { orgNumber: changes.orgNumber.trim() } : {}),
    },
  });
}

/**
 * Soft delete: the company disappears from the register and the single-company operations, its history stays.
 * Refused while it has live sub-companies, so the tree never has live children under a deleted parent.
 */
export async function deleteCompany(companyId: string) {
  const company = await db().company.findFirst({ where: { id: companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
  const children = await db().company.count({ where: { parentId: companyId, deletedAt: null } });
  if (children > 0) throw new Conflict(`company has ${children} sub-company(ies); move or delete them first`);
  return db().company.update({ where: { id: companyId }, data: { deletedAt: new Date() } });
}

export async function listCompanies(options: { includeDeleted?: boolean } = {}) {
  return db().company.findMany({
    where: options.includeDeleted ? {} : { deletedAt: null },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, orgNumber: true, parentId: true, fkStatus: true, deletedAt: true },
  });
}

export async function countCompanies(): Promise<number> {
  return db().company.count();
}

export async function createGrant(input: { name: string; descr?: string | null }) {
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  return db().grant.create({
    data: { uuid: crypto.randomUUID(), name: input.name.trim(), descr: input.descr?.trim() ?? "" },
  });
}

export async function listGrants() {
  return db().grant.findMany({ orderBy: { id: "asc" } });
}

/** Activates a grant on a company; activating it again keeps the first activation (and its created_at). */
export async function activateGrant(companyId: string, grantId: number, activatedAt?: Date) {
  const company = await db().company.findFirst({ where: { id: companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
  const grant = await db().grant.findUnique({ where: { id: grantId } });
  if (!grant) throw new NotFound("grant not found");
  // A plain insert, not upsert: Prisma's upsert reads before it writes in one transaction, which SQLite cannot
  // upgrade to a write lock while another connection writes.
  try {
    return await db().companyGrant.create({
      data: { companyId, grantId, ...(activatedAt ? { createdAt: activatedAt } : {}) },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db().companyGrant.findUniqueOrThrow({ where: { companyId_grantId: { companyId, grantId } } });
  }
}

/**
 * A large register for load tests (scripts/bench.ts): `count` companies under `roots` top-level companies, inserted
 * in batches. Org numbers are "B" + a sequence so they never collide with real ones.
 */
export async function seedLargeRegister(count: number, roots = 20): Promise<{ rootIds: string[] }> {
  const rootIds: string[] = [];
  const batchSize = 500;
  let batch: { id: string; uuid: string; name: string; orgNumber: string; parentId: string | null }[] = [];
  for (let i = 0; i < count; i++) {
    const id = crypto.randomUUID();
    const isRoot = i < roots;
    if (isRoot) rootIds.push(id);
    batch.push({
      id,
      uuid: crypto.randomUUID(),
      name: isRoot ? `Bench förbund ${i}` : `Bench förening ${i}`,
      orgNumber: `B${String(i).padStart(9, "0")}`,
      parentId: isRoot ? null : rootIds[i % rootIds.length],
    });
    if (batch.length === batchSize || i === count - 1) {
      await db().company.createMany({ data: batch });
      batch = [];
    }
  }
  return { rootIds };
}
