// Company register: the caller's own company, the whole register, one company's enrollment view and its fk_status.
import { db, Prisma } from "../db";
import { NotFound } from "../errors";
import type { FkStatusValue } from "../validation/company";
import { assertCompanyInScope, type Caller } from "./access";

type CompanyRow = { id: string; uuid: string; name: string; shortname: string | null; orgNumber: string };

/** The fields every company view starts with. */
function companyIdentity(company: CompanyRow) {
  return {
    company_id: company.id,
    uuid: company.uuid,
    name: company.name,
    shortname: company.shortname,
    org_number: company.orgNumber,
  };
}

export async function getOwnCompany(caller: Caller) {
  const company = await db().company.findFirst({ where: { id: caller.companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
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
export async function listRegister(): Promise<RegisterEntry[]> {
  const rows = await registerRowsRaw();
  return rows.map((r) => ({
    name: r.name,
    org_number: r.orgNumber,
    parent: r.parentOrgNumber === null || r.parentName === null ? null : { org_number: r.parentOrgNumber, name: r.parentName },
  }));
}

/** Exported for the benchmark, which times the bare query next to the endpoint. */
export const registerQuery = Prisma.sql`
  SELECT c."name" AS "name", c."orgNumber" AS "orgNumber", p."name" AS "parentName", p."orgNumber" AS "parentOrgNumber"
  FROM "Company" c
  LEFT JOIN "Company" p ON p."id" = c."parentId" AND p."deletedAt" IS NULL
  WHERE c."deletedAt" IS NULL
  ORDER BY c."name", c."id"`;

/** The register query's rows as the database returns them, unmapped (the benchmark's baseline). */
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

/** A company as the single-company operations see it: deleted ones do not exist (spec 4.2 rule 5). */
export async function findLiveCompany(companyId: string) {
  const company = await db().company.findFirst({ where: { id: companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
  return company;
}

export async function getCompanyFk(caller: Caller, companyId: string) {
  const company = await db().company.findFirst({
    where: { id: companyId, deletedAt: null },
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

/**
 * Sets fk_status and records the change (from, to, who, when) in the same transaction. The transaction starts with a
 * write that only touches updatedAt: it takes the row lock (PostgreSQL) or the database write lock (SQLite) before the
 * current value is read, so concurrent updates queue up and every history row's "from" is the value it replaced.
 * (Reading first would also make SQLite upgrade a read lock to a write lock, which fails under concurrency.)
 * Setting the current value again is not a change: nothing is written to the history.
 */
export async function setFkStatus(actor: string, companyId: string, status: FkStatusValue) {
  const found = await db().$transaction(async (tx) => {
    const locked = await tx.company.updateMany({ where: { id: companyId, deletedAt: null }, data: { updatedAt: new Date() } });
    if (locked.count === 0) return false;
    const { fkStatus: from } = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { fkStatus: true } });
    if (from === status) return true;
    await tx.company.update({ where: { id: companyId }, data: { fkStatus: status } });
    await tx.fkStatusChange.create({ data: { companyId, fromStatus: from, toStatus: status, changedBy: actor } });
    return true;
  });
  if (!found) throw new NotFound("company not found");
  return { company_id: companyId, fk_status: status };
}

/** PUT /v3/company/{company_id}/fk: existence first (404), then scope (403), then the change. */
export async function updateFkStatus(caller: Caller, companyId: string, status: FkStatusValue) {
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  return setFkStatus(caller.actor, companyId, status);
}

/** The fk_status history of a company, oldest first (operators: npm run cli -- company:fk-history). */
export async function fkStatusHistory(companyId: string) {
  const company = await db().company.findUnique({ where: { id: companyId } });
  if (!company) throw new NotFound("company not found");
  const changes = await db().fkStatusChange.findMany({ where: { companyId }, orderBy: [{ changedAt: "asc" }, { id: "asc" }] });
  return changes.map((c) => ({ from: c.fromStatus, to: c.toStatus, changed_by: c.changedBy, changed_at: c.changedAt }));
}
