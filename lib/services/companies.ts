// The company register: the caller's own company, the whole register, one company's enrollment view, the tree, and
// register changes. fk_status has its own module (fk-status.ts), grants theirs (grants.ts).
import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "../db";
import { Conflict, NotFound, ValidationFailed } from "../errors";
import type { CompanyListQueryInput } from "../validation/company";
import {
  assertCompanyInScope,
  companyIdsInScope,
  companyWithAncestors,
  isCompanyInScope,
  requireModule,
  requirePermission,
  type Caller,
} from "./access";
import { recordAudit } from "./audit";
import { findLiveCompany, liveCompany } from "./live-records";

type CompanyRow = { id: string; uuid: string; name: string; shortname: string | null; orgNumber: string };

/** The fields every company view starts with. */
function companyIdentity(company: CompanyRow) {
  return { company_id: company.id, uuid: company.uuid, name: company.name, shortname: company.shortname, org_number: company.orgNumber };
}

/** GET /v3/company: the company that owns the calling API key. */
export async function getOwnCompany(caller: Caller) {
  if (!caller.companyId) throw new NotFound("company not found");
  const company = await findLiveCompany(caller.companyId);
  return { ...companyIdentity(company), parent_id: company.parentId };
}

export interface RegisterEntry {
  name: string;
  org_number: string;
  parent: { org_number: string; name: string } | null;
}

interface RegisterRow {
  name: string;
  orgNumber: string;
  parentName: string | null;
  parentOrgNumber: string | null;
}

/**
 * The whole register (spec 4.2: no pagination, no filtering, not limited to the caller's scope). One LEFT JOIN
 * instead of Prisma's relation loading, which issues a second query for the parents (slow at 20,000 rows).
 * A deleted parent counts as not existing, so its children show `parent: null`, like top-level companies.
 */
export async function listRegister(caller: Caller): Promise<RegisterEntry[]> {
  requireModule(caller, "company");
  const rows = await registerRowsRaw();
  return rows.map((r) => ({
    name: r.name,
    org_number: r.orgNumber,
    parent: r.parentOrgNumber === null || r.parentName === null ? null : { org_number: r.parentOrgNumber, name: r.parentName },
  }));
}

const registerQuery = Prisma.sql`
  SELECT c."name" AS "name", c."orgNumber" AS "orgNumber", p."name" AS "parentName", p."orgNumber" AS "parentOrgNumber"
  FROM "Company" c
  LEFT JOIN "Company" p ON p."id" = c."parentId" AND p."deletedAt" IS NULL
  WHERE c."deletedAt" IS NULL
  ORDER BY c."name", c."id"`;

/** The register query's rows as the database returns them, unmapped (also the benchmark's baseline). */
export async function registerRowsRaw(): Promise<RegisterRow[]> {
  return db().$queryRaw<RegisterRow[]>(registerQuery);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** `YYYY-MM-DDTHH:mm:ss` in the process's local time zone, no zone designator (spec 2.5). */
export function formatLocalDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** GET /v3/company/{company_id}/fk: existence first (404), then scope (403). */
export async function getCompanyFk(caller: Caller, companyId: string) {
  requireModule(caller, "company");
  const company = await db().company.findFirst({
    where: { id: companyId, ...liveCompany },
    include: { companyGrants: { include: { grant: true }, orderBy: { id: "asc" } } },
  });
  if (!company) throw new NotFound("company not found");
  await assertCompanyInScope(caller, companyId);
  return {
    ...companyIdentity(company),
    fk_status: company.fkStatus,
    street: company.street,
    co: company.co,
    zipcode: company.zipcode,
    post: company.post,
    country: company.country,
    email: company.email,
    phone: company.phone,
    landline: company.landline,
    web: company.web,
    c_name: company.cName,
    c_email: company.cEmail,
    c_phone: company.cPhone,
    company_grants: company.companyGrants.map((cg) => ({
      id: cg.id,
      created_at: formatLocalDateTime(cg.createdAt),
      grant: { id: cg.grant.id, uuid: cg.grant.uuid, name: cg.grant.name, descr: cg.grant.descr },
    })),
  };
}

/** A live company in the caller's scope, for operations that change it or read its details: 404, then 403. */
export async function companyInScope(caller: Caller, companyId: string) {
  requireModule(caller, "company");
  const company = await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  return company;
}

const companySummarySelect = { id: true, name: true, orgNumber: true, parentId: true, fkStatus: true, deletedAt: true } as const;

/**
 * The companies in the caller's scope, by name, with an optional search on name or org number. The dashboard's
 * register and tree; the CLI lists deleted ones too on request.
 */
export async function listCompanies(caller: Caller, query: CompanyListQueryInput = {}) {
  requireModule(caller, "company");
  return db().company.findMany({
    where: await companyListWhere(caller, query),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: companySummarySelect,
  });
}

async function companyListWhere(caller: Caller, query: CompanyListQueryInput): Promise<Prisma.CompanyWhereInput> {
  const ids = await companyIdsInScope(caller);
  const search = query.q?.trim();
  return {
    ...(query.include_deleted ? {} : liveCompany),
    ...(ids ? { id: { in: ids } } : {}),
    ...(search ? { OR: [{ name: { contains: search } }, { orgNumber: { contains: search } }] } : {}),
  };
}

/** One row of the dashboard's register: a live company in scope with its parent's name (null if none or deleted). */
export interface DashboardRegisterRow {
  company_id: string;
  name: string;
  org_number: string;
  parent_id: string | null;
  parent_name: string | null;
  fk_status: string;
}

/**
 * The dashboard's register and tree: the live companies in the caller's scope (listCompanies' search), each with its
 * parent's name. A parent outside the scope is named (the unscoped /v3 register names it too) but not listed.
 */
export async function listCompanyRegister(caller: Caller, query: Pick<CompanyListQueryInput, "q"> = {}): Promise<DashboardRegisterRow[]> {
  requireModule(caller, "company");
  const rows = await db().company.findMany({
    where: await companyListWhere(caller, { q: query.q }),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, orgNumber: true, parentId: true, fkStatus: true, parent: { select: { name: true, deletedAt: true } } },
  });
  return rows.map((c) => ({
    company_id: c.id,
    name: c.name,
    org_number: c.orgNumber,
    parent_id: c.parentId,
    parent_name: c.parent && !c.parent.deletedAt ? c.parent.name : null,
    fk_status: c.fkStatus,
  }));
}

/**
 * The dashboard's company page: register fields, fk_status and the parent (with whether the caller may open it).
 * Existence first (404), then scope (403), like the API. Grants, history and the leisure-card record have their own.
 */
export async function getCompanyDetail(caller: Caller, companyId: string) {
  requireModule(caller, "company");
  const company = await db().company.findFirst({
    where: { id: companyId, ...liveCompany },
    include: { parent: { select: { id: true, name: true, deletedAt: true } } },
  });
  if (!company) throw new NotFound("company not found");
  await assertCompanyInScope(caller, companyId);
  const parent = company.parent && !company.parent.deletedAt ? company.parent : null;
  return {
    ...companyIdentity(company),
    fk_status: company.fkStatus,
    parent: parent ? { company_id: parent.id, name: parent.name, in_scope: await isCompanyInScope(caller, parent.id) } : null,
    street: company.street,
    co: company.co,
    zipcode: company.zipcode,
    post: company.post,
    country: company.country,
    email: company.email,
    phone: company.phone,
    landline: company.landline,
    web: company.web,
    c_name: company.cName,
    c_email: company.cEmail,
    c_phone: company.cPhone,
  };
}

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
  const data = { ...input, id: crypto.randomUUID(), uuid: crypto.randomUUID(), name: input.name.trim(), orgNumber: input.orgNumber.trim() };
  return db().$transaction(async (tx) => {
    const company = await tx.company.create({ data });
    await recordAudit(tx, caller, { action: "company.create", objectType: "company", objectId: company.id, companyId: company.id, summary: company.name });
    return company;
  });
}

/** Changes register fields (not fk_status: that has its own history). A parent may not be a descendant. */
export async function updateCompany(caller: Caller, companyId: string, changes: CompanyChanges) {
  requirePermission(caller, "COMPANY.U");
  await companyInScope(caller, companyId);
  if (changes.name !== undefined && !changes.name.trim()) throw new ValidationFailed({ name: ["required"] });
  if (changes.orgNumber !== undefined && !changes.orgNumber.trim()) throw new ValidationFailed({ orgNumber: ["required"] });
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
    await recordAudit(tx, caller, { action: "company.delete", objectType: "company", objectId: companyId, companyId, summary: company.name });
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
