// Finding companies: the caller's hierarchy as a nested tree and a search by name or org number (company module).
// Both see only live companies in the caller's scope.
import "server-only";
import type { z } from "zod";
import { caseVariants, db, likeExact, likeSubstring, Prisma } from "@/lib/db";
import { caseInsensitiveLike } from "@/lib/sql-dialect";
import { ValidationFailed } from "@/lib/errors";
import {
  COMPANY_SEARCH_MIN,
  type CompanyNodeShape,
  type CompanySearchQueryInput,
  type CompanySearchResult,
} from "../schemas/organization";
import type { CompanyChoice } from "@/modules/members/schemas/dashboard";
import { companiesInScopeWhere, requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyIdsInScope } from "./tree";
import { liveCompany } from "@/lib/live-records";

/**
 * GET /v3/company/hierarchy: the live companies in the caller's scope as trees. A company whose parent is outside
 * the scope (or deleted) is a root; children are ordered by name.
 */
export async function companyHierarchy(caller: Caller): Promise<CompanyNodeShape[]> {
  requireModule(caller, "company");
  const companies = await db().company.findMany({
    where: { ...liveCompany, ...(await companiesInScopeWhere(caller)) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, shortname: true, orgNumber: true, parentId: true },
  });
  const nodes = new Map<string, CompanyNodeShape>(
    companies.map((c) => [
      c.id,
      { company_id: c.id, name: c.name, shortname: c.shortname, org_number: c.orgNumber, children: [] },
    ]),
  );
  const roots: CompanyNodeShape[] = [];
  for (const c of companies) {
    const parent = c.parentId ? nodes.get(c.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(c.id)!);
  }
  return roots;
}

interface SearchRow {
  id: string;
  name: string;
  orgNumber: string;
  shortname: string | null;
  street: string | null;
  zipcode: string | null;
  post: string | null;
}

/**
 * GET /v3/company/search: companies whose name or org number contains `q` (case-insensitive; the org number also
 * without its hyphen), exact matches first, then by name. One statement.
 */
export async function searchCompanies(
  caller: Caller,
  query: CompanySearchQueryInput,
): Promise<z.output<typeof CompanySearchResult>[]> {
  requireModule(caller, "company");
  const q = query.q.trim();
  if (q.length < COMPANY_SEARCH_MIN) {
    throw new ValidationFailed(
      { q: [`must be at least ${COMPANY_SEARCH_MIN} characters`] },
      [],
      `query must be at least ${COMPANY_SEARCH_MIN} characters`,
    );
  }
  const ids = await companyIdsInScope(caller);
  if (ids?.length === 0) return [];
  const like = caseInsensitiveLike();
  const variants = caseVariants(q);
  const nameMatches = (pattern: (v: string) => string) =>
    Prisma.join(
      variants.map((v) => Prisma.sql`"name" ${like} ${pattern(v)} ESCAPE '\\'`),
      " OR ",
    );
  const digits = q.replace(/-/g, "");
  const scope = ids ? Prisma.sql`AND "id" IN (${Prisma.join(ids)})` : Prisma.empty;
  const rows = await db().$queryRaw<SearchRow[]>`
    SELECT "id", "name", "orgNumber", "shortname", "street", "zipcode", "post" FROM "Company"
    WHERE "deletedAt" IS NULL ${scope}
      AND (${nameMatches(likeSubstring)} OR "orgNumber" LIKE ${likeSubstring(q)} ESCAPE '\\'
           OR (${digits} <> '' AND REPLACE("orgNumber", '-', '') LIKE ${likeSubstring(digits)} ESCAPE '\\'))
    ORDER BY CASE WHEN ${nameMatches(likeExact)} OR "orgNumber" = ${q} OR REPLACE("orgNumber", '-', '') = ${digits} THEN 0 ELSE 1 END,
      "name", "id"
    LIMIT ${query.limit}`;
  return rows.map((r) => ({
    company_id: r.id,
    name: r.name,
    org_number: r.orgNumber,
    shortname: r.shortname,
    street: r.street,
    zipcode: r.zipcode,
    post: r.post,
  }));
}

/** How many companies a dashboard picker offers. */
const COMPANY_CHOICES_MAX = 500;

/**
 * The live companies in the caller's scope by name, for a picker (the member and event screens). The screen's own
 * module is checked by the caller of this function.
 */
export async function companyChoices(caller: Caller): Promise<z.output<typeof CompanyChoice>[]> {
  const companies = await db().company.findMany({
    where: { ...liveCompany, ...(await companiesInScopeWhere(caller)) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
    take: COMPANY_CHOICES_MAX,
  });
  return companies.map((c) => ({ company_id: c.id, name: c.name }));
}
