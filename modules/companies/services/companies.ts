// Reading the company register: the caller's own company, the whole register, one company's enrollment view, the
// dashboard's register and company page. Changes are in company-changes.ts, fk_status in fk-status.ts, grants in grants.ts.
import "server-only";
import type { z } from "zod";
import { containsText, db, Prisma, type CompanyModel } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import type {
  CompanyFk,
  CompanyFkListItem,
  CompanyListQueryInput,
  CurrentCompany,
  FkStatusValue,
} from "../schemas/company";
import type { CompanyDetail, DashboardRegisterRow } from "../schemas/dashboard";
import {
  assertCompanyInScope,
  companiesInScopeWhere,
  isCompanyInScope,
  requireModule,
} from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { EpochCache } from "@/lib/cache/epoch-cache";
import { findLiveCompany, liveCompany, liveCompanySql } from "@/lib/live-records";

type CompanyRow = { id: string; uuid: string; name: string; shortname: string | null; orgNumber: string };

/** A stored fk_status: the column only ever holds FK_STATUSES (every write goes through the FkStatus schema). */
export const storedFkStatus = (value: string) => value as FkStatusValue;

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

type RegisterFieldsRow = Pick<
  CompanyModel,
  | "street"
  | "co"
  | "zipcode"
  | "post"
  | "country"
  | "email"
  | "phone"
  | "landline"
  | "web"
  | "cName"
  | "cEmail"
  | "cPhone"
>;

/** Address and contact fields as the API and the company page show them (unset ones are null). */
function registerFields(company: RegisterFieldsRow) {
  return {
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

/** GET /v3/company: the company that owns the calling API key. */
export async function getOwnCompany(caller: Caller): Promise<z.output<typeof CurrentCompany>> {
  if (!caller.companyId) throw new NotFound("company not found");
  const company = await findLiveCompany(caller.companyId);
  return { ...companyIdentity(company), parent_id: company.parentId };
}

type RegisterEntry = z.output<typeof CompanyFkListItem>;

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
async function listRegister(caller: Caller): Promise<RegisterEntry[]> {
  requireModule(caller, "company");
  const rows = await registerRowsRaw();
  return rows.map((r) => ({
    name: r.name,
    org_number: r.orgNumber,
    parent:
      r.parentOrgNumber === null || r.parentName === null
        ? null
        : { org_number: r.parentOrgNumber, name: r.parentName },
  }));
}

/**
 * GET /v3/company/fk: listRegister serialized, kept until a company is added, changed or deleted (the epoch
 * "companies"). Integrators fetch the whole register (2.4 MB of JSON at 20,000 companies) far more often than it
 * changes; one copy per instance, whoever asks (the register is the same for every caller with the module).
 */
export async function registerJson(caller: Caller): Promise<string> {
  requireModule(caller, "company");
  return (await serializedRegister.get("register", async () => JSON.stringify(await listRegister(caller))))!;
}

const serializedRegister = new EpochCache<"register", string>("companies", 1);

const registerQuery = Prisma.sql`
  SELECT c."name" AS "name", c."orgNumber" AS "orgNumber", p."name" AS "parentName", p."orgNumber" AS "parentOrgNumber"
  FROM "Company" c
  LEFT JOIN "Company" p ON p."id" = c."parentId" AND ${liveCompanySql("p")}
  WHERE ${liveCompanySql("c")}
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

type GrantColumns = {
  companyGrantId: number;
  grantedAt: Date;
  grantId: number;
  grantUuid: string;
  grantName: string;
  grantDescr: string;
};

/** A company row joined with one of its grants, or with nulls (LEFT JOIN) when it has none. */
type CompanyFkRow = CompanyRow &
  RegisterFieldsRow & { fkStatus: string } & (GrantColumns | { [column in keyof GrantColumns]: null });

/** Integrators poll the enrollment view; companies change rarely (lib/cache/epoch-cache.ts, epoch "companies"). */
const enrollmentViews = new EpochCache<string, EnrollmentView>("companies", 10_000);
type EnrollmentView = z.output<typeof CompanyFk>;

/** One statement (the company joined with its grants, a row per grant) instead of Prisma's three for the nested include. */
async function readEnrollmentView(companyId: string): Promise<EnrollmentView | null> {
  const rows = await db().$queryRaw<CompanyFkRow[]>`
    SELECT c."id", c."uuid", c."name", c."shortname", c."orgNumber", c."fkStatus", c."street", c."co", c."zipcode", c."post",
      c."country", c."email", c."phone", c."landline", c."web", c."cName", c."cEmail", c."cPhone",
      cg."id" AS "companyGrantId", cg."createdAt" AS "grantedAt",
      g."id" AS "grantId", g."uuid" AS "grantUuid", g."name" AS "grantName", g."descr" AS "grantDescr"
    FROM "Company" c
    LEFT JOIN "CompanyGrant" cg ON cg."companyId" = c."id"
    LEFT JOIN "Grant" g ON g."id" = cg."grantId"
    WHERE c."id" = ${companyId} AND ${liveCompanySql("c")}
    ORDER BY cg."id"`;
  if (rows.length === 0) return null;
  const company = rows[0];
  return {
    ...companyIdentity(company),
    fk_status: storedFkStatus(company.fkStatus),
    ...registerFields(company),
    company_grants: rows.flatMap((r) =>
      r.companyGrantId === null
        ? []
        : [
            {
              id: r.companyGrantId,
              created_at: formatLocalDateTime(new Date(r.grantedAt)),
              grant: { id: r.grantId, uuid: r.grantUuid, name: r.grantName, descr: r.grantDescr },
            },
          ],
    ),
  };
}

/** GET /v3/company/{company_id}/fk: existence first (404), then scope (403). Cached. */
export async function getCompanyFk(caller: Caller, companyId: string): Promise<EnrollmentView> {
  requireModule(caller, "company");
  const view = await enrollmentViews.get(companyId, () => readEnrollmentView(companyId));
  if (!view) throw new NotFound("company not found");
  await assertCompanyInScope(caller, companyId);
  return view;
}

/** A live company in the caller's scope, for operations that change it or read its details: 404, then 403. */
export async function companyInScope(caller: Caller, companyId: string) {
  requireModule(caller, "company");
  const company = await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  return company;
}

const companySummarySelect = {
  id: true,
  name: true,
  orgNumber: true,
  parentId: true,
  fkStatus: true,
  deletedAt: true,
} as const;

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
  const search = query.q?.trim();
  return {
    ...(query.include_deleted ? {} : liveCompany),
    ...(await companiesInScopeWhere(caller)),
    ...(search ? { OR: [{ name: containsText(search) }, { orgNumber: containsText(search) }] } : {}),
  };
}

/**
 * The dashboard's register and tree: the live companies in the caller's scope (listCompanies' search), each with its
 * parent's name. A parent outside the scope is named (the unscoped /v3 register names it too) but not listed.
 * Without a search, the rows come from one copy of the whole register per instance (epoch "companies"), filtered by
 * the caller's scope: 20,000 companies were 20,000 rows read and a second query for their parents on every visit of
 * the Companies screen (target: p95 <= 150 ms). A search asks the database, which matches names as listCompanies does.
 */
export async function listCompanyRegister(
  caller: Caller,
  query: Pick<CompanyListQueryInput, "q"> = {},
): Promise<z.output<typeof DashboardRegisterRow>[]> {
  requireModule(caller, "company");
  if (!query.q?.trim()) {
    const { rows } = (await dashboardRegister.get("all", readDashboardRegister))!;
    const scope = (await companiesInScopeWhere(caller)).id?.in;
    if (!scope) return rows;
    const inScope = new Set(scope);
    return rows.filter((row) => inScope.has(row.company_id));
  }
  const rows = await db().company.findMany({
    where: await companyListWhere(caller, { q: query.q }),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      orgNumber: true,
      parentId: true,
      fkStatus: true,
      parent: { select: { name: true, deletedAt: true } },
    },
  });
  return rows.map((c) =>
    dashboardRegisterRow({ ...c, parentName: c.parent && !c.parent.deletedAt ? c.parent.name : null }),
  );
}

/**
 * listCompanyRegister serialized. The whole register (a caller of every company, no search) is serialized once per
 * epoch, on the first request that wants it, as GET /v3/company/fk is: 4 MB at 20,000 companies, the same text for
 * every such request.
 */
export async function companyRegisterJson(
  caller: Caller,
  query: Pick<CompanyListQueryInput, "q"> = {},
): Promise<string> {
  requireModule(caller, "company");
  if (query.q?.trim() || (await companiesInScopeWhere(caller)).id?.in)
    return JSON.stringify(await listCompanyRegister(caller, query));
  const register = (await dashboardRegister.get("all", readDashboardRegister))!;
  return (register.text ??= JSON.stringify(register.rows));
}

type DashboardRegisterSource = {
  id: string;
  name: string;
  orgNumber: string;
  parentId: string | null;
  fkStatus: string;
  parentName: string | null;
};

function dashboardRegisterRow(c: DashboardRegisterSource): z.output<typeof DashboardRegisterRow> {
  return {
    company_id: c.id,
    name: c.name,
    org_number: c.orgNumber,
    parent_id: c.parentId,
    parent_name: c.parentName,
    fk_status: storedFkStatus(c.fkStatus),
  };
}

/** The register's rows, and their JSON once a request has wanted it (the entry is the same object until the epoch moves). */
type CachedRegister = { rows: z.output<typeof DashboardRegisterRow>[]; text?: string };

const dashboardRegister = new EpochCache<"all", CachedRegister>("companies", 1);

/** Every live company with its live parent's name, in the register's order: one statement. */
async function readDashboardRegister(): Promise<CachedRegister> {
  const rows = await db().$queryRaw<DashboardRegisterSource[]>`
    SELECT c."id", c."name", c."orgNumber", c."parentId", c."fkStatus", p."name" AS "parentName"
    FROM "Company" c
    LEFT JOIN "Company" p ON p."id" = c."parentId" AND ${liveCompanySql("p")}
    WHERE ${liveCompanySql("c")}
    ORDER BY c."name", c."id"`;
  return { rows: rows.map(dashboardRegisterRow) };
}

/**
 * The dashboard's company page: register fields, fk_status and the parent (with whether the caller may open it).
 * Existence first (404), then scope (403), like the API. Grants, history and the leisure-card record have their own.
 */
export async function getCompanyDetail(caller: Caller, companyId: string): Promise<z.output<typeof CompanyDetail>> {
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
    fk_status: storedFkStatus(company.fkStatus),
    parent: parent
      ? { company_id: parent.id, name: parent.name, in_scope: await isCompanyInScope(caller, parent.id) }
      : null,
    ...registerFields(company),
  };
}
