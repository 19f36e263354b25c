// The member list (POST /v3/member/pagination) and the member search (POST /v3/market/members/search), shared by the
// dashboard's Members screen. Both are tagged SQL: the order of the members a query finds (member-order.ts, kept
// until a member changes), then the page's rows and memberships, whatever the page or the organization's size. Every
// relation filter is `"id" IN (SELECT "memberId" …)`, which both databases evaluate once per statement, where
// Prisma's relation filters wrote a correlated EXISTS per member (docs/performance.md "Members at scale").
import "server-only";
import type { z } from "zod";
import { stockholmToday, yearsBefore } from "@/lib/calendar";
import { readCacheEpochs, type CacheEpochs } from "@/lib/cache/cache-epochs";
import { EpochCache } from "@/lib/cache/epoch-cache";
import { caseVariants, db, likeSubstring, pageWindow, Prisma } from "@/lib/db";
import { searchWords } from "@/lib/search-text";
import { caseInsensitiveLike, isoTimestamp, jsonArrayOf, jsonColumn } from "@/lib/sql-dialect";
import type {
  MemberPage,
  MemberPaginationInput,
  MemberSearchFilters,
  MemberSearchInput,
  SearchSort,
} from "../schemas/member";
import { requireModule } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { companyIdsInScope } from "@/modules/companies/services/tree";
import { memberOrder, type MemberScope } from "./order";
import { memberInCompanies, type MembershipRow, type MemberSummaryRow, memberSummaryView } from "./members";

const NOTHING = Prisma.sql`1 = 0`;

/** What the member list needs of a scope: deleted companies (every-company scope), or its live companies and those above. */
type ScopeCompanies = { all: true; deleted: string[] } | { all: false; live: string[]; above: string[] };

/** Per scope, until a company changes (epoch `companies`): two statements, 20-100 ms at 20,000 companies, not per request. */
const scopeCompaniesCache = new EpochCache<string, ScopeCompanies>("companies", 1000);

/**
 * The companies of the caller's scope for the member list: for an every-company scope the deleted ones (their
 * members are left out); otherwise the live companies of the scope and the live companies above the companies it names.
 */
export async function memberScopeCompanies(caller: Caller, epochs?: CacheEpochs | null): Promise<ScopeCompanies> {
  const scope = caller.scope;
  return (await scopeCompaniesCache.get(
    JSON.stringify(scope),
    async (): Promise<ScopeCompanies> => {
      if (scope.kind === "all")
        return {
          all: true,
          deleted: (await db().company.findMany({ where: { deletedAt: { not: null } }, select: { id: true } })).map(
            (c) => c.id,
          ),
        };
      const ids = (await companyIdsInScope(caller)) ?? [];
      if (ids.length === 0) return { all: false, live: [], above: [] };
      const rows = await db().$queryRaw<{ id: string }[]>`
      WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT "id", "parentId", 0 FROM "Company" WHERE "id" IN (${Prisma.join(scope.companyIds)})
        UNION
        SELECT c."id", c."parentId", up.depth + 1 FROM "Company" c JOIN up ON c."id" = up.parent_id WHERE up.depth < 64
      )
      SELECT "id" FROM "Company" WHERE "deletedAt" IS NULL AND "id" IN (SELECT id FROM up)`;
      const inScope = new Set(ids);
      const deleted = new Set(
        (
          await db().company.findMany({ where: { id: { in: ids }, deletedAt: { not: null } }, select: { id: true } })
        ).map((c) => c.id),
      );
      return {
        all: false,
        live: ids.filter((id) => !deleted.has(id)),
        above: rows.map((row) => row.id).filter((id) => !inScope.has(id)),
      };
    },
    epochs,
  ))!;
}

/**
 * The condition of each scope's companies, built once per ScopeCompanies (a cached one is the same object until a
 * company changes). A scope of 20,000 companies is a condition with 20,000 values: joined and serialized per request
 * as the order's key, it took more CPU than the rest of a cached page. Its key names the object, so a
 * company change (a new object) is a new key.
 */
const scopeConditions = new WeakMap<ScopeCompanies, MemberScope>();
let scopeSerial = 0;

/**
 * Live members in the caller's scope, as a condition on the "Member" row `m`: not erased, of a live register company,
 * and in a live company of the scope (memberInCompanies: the register company, or a membership that is not EXITED).
 * Memberships are in the member's register company or below it (member-changes.ts checks every write), so a member
 * whose register company is outside the scope can be in it through a membership only when that company is above the
 * scope: the membership branch is asked only of members of those companies, and not at all for a scope with nothing
 * above it (a federation's key). Each branch then reads by its own index; one OR over every member read them all.
 */
async function scopeCondition(caller: Caller, epochs: CacheEpochs | null): Promise<MemberScope> {
  requireModule(caller, "member");
  const companies = await memberScopeCompanies(caller, epochs);
  let scope = scopeConditions.get(companies);
  if (!scope) {
    scope = { key: `scope ${++scopeSerial}`, sql: scopeSql(companies) };
    scopeConditions.set(companies, scope);
  }
  return scope;
}

function scopeSql(companies: ScopeCompanies): Prisma.Sql {
  if (companies.all)
    return companies.deleted.length
      ? Prisma.sql`${notErased} AND m."organizationId" NOT IN (${Prisma.join(companies.deleted)})`
      : notErased;
  if (companies.live.length === 0) return NOTHING;
  const scopeList = Prisma.join(companies.live);
  const registered = Prisma.sql`m."organizationId" IN (${scopeList})`;
  if (companies.above.length === 0) return Prisma.sql`${notErased} AND ${registered}`;
  return Prisma.sql`${notErased} AND (${registered} OR (m."organizationId" IN (${Prisma.join(companies.above)}) AND ${memberInCompanies(scopeList)}))`;
}

const notErased = Prisma.sql`m."erasedAt" IS NULL`;

/** liveMember (lib/live-records.ts) on the "Member" row `m`: not erased, of a live register company. */
const live = Prisma.sql`${notErased} AND m."organizationId" NOT IN (SELECT "id" FROM "Company" WHERE "deletedAt" IS NOT NULL)`;

const and = (conditions: Prisma.Sql[]) => Prisma.join(conditions, " AND ");

/** The columns of a member summary, as "Member" `m` names them. */
const SUMMARY_COLUMNS = Prisma.raw(
  `m."id", m."uuid", m."organizationId", m."email", m."firstname", m."lastname", m."phone", m."birthdate", m."createdAt"`,
);

type MembershipJson = Omit<MembershipRow, "company" | "period" | "memberType" | "createdAt"> & {
  createdAt: string;
  companyName: string;
  periodName: string;
  memberTypeName: string | null;
};

/**
 * A member's memberships with their company, period and member type names, newest first, as a JSON array in the
 * member's row. The names are scalar subqueries, each a primary-key lookup per membership: as joins, PostgreSQL with
 * statistics older than a bulk load (before autovacuum's ANALYZE) hashed all 20,000 companies for a page's 30
 * memberships, 14 ms instead of 1.
 */
const membershipsJson = () =>
  jsonArrayOf(
    {
      id: Prisma.sql`ms."id"`,
      companyId: Prisma.sql`ms."companyId"`,
      periodId: Prisma.sql`ms."periodId"`,
      memberTypeId: Prisma.sql`ms."memberTypeId"`,
      status: Prisma.sql`ms."status"`,
      createdAt: isoTimestamp(Prisma.sql`ms."createdAt"`),
      companyName: Prisma.sql`(SELECT c."name" FROM "Company" c WHERE c."id" = ms."companyId")`,
      periodName: Prisma.sql`(SELECT p."name" FROM "Period" p WHERE p."id" = ms."periodId")`,
      memberTypeName: Prisma.sql`(SELECT t."name" FROM "MemberType" t WHERE t."id" = ms."memberTypeId")`,
    },
    Prisma.sql`FROM "Membership" ms WHERE ms."memberId" = m."id"`,
    Prisma.sql`ms."createdAt" DESC, ms."id" DESC`,
  );

function membershipRow({ companyName, periodName, memberTypeName, createdAt, ...m }: MembershipJson): MembershipRow {
  return {
    ...m,
    createdAt: new Date(createdAt),
    company: { name: companyName },
    period: { name: periodName },
    memberType: memberTypeName === null ? null : { name: memberTypeName },
  };
}

/** A membership condition (a status, a period): `id IN (SELECT …)` reads the memberships once per statement. */
function membershipIn(conditions: Prisma.Sql[], where: Prisma.Sql[]): void {
  if (conditions.length)
    where.push(Prisma.sql`m."id" IN (SELECT ms."memberId" FROM "Membership" ms WHERE ${and(conditions)})`);
}

/**
 * One page of the members matching `where` (conditions on `m`) in `orderBy`, and their count: a slice of the query's
 * order (member-order.ts), then those members' rows with their memberships in one statement. A member erased since
 * the order was read is left out of the page (the order itself is read again on the next request: the erasure moved
 * its epoch).
 */
async function memberPage(
  caller: Caller,
  epochs: CacheEpochs | null,
  scope: MemberScope,
  where: Prisma.Sql[],
  orderBy: Prisma.Sql,
  page: number,
  limit: number,
): Promise<z.output<typeof MemberPage>> {
  const { skip, take } = pageWindow({ page, limit });
  const order = await memberOrder(scope, where, orderBy, epochs);
  const ids = Array.from(order.subarray(skip, skip + take));
  if (ids.length === 0) return { members: [], count: order.length, page, limit };
  const rows = await db().$queryRaw<(Omit<MemberSummaryRow, "memberships"> & { memberships: unknown })[]>`
    SELECT ${SUMMARY_COLUMNS}, ${membershipsJson()} AS "memberships" FROM "Member" m WHERE m."id" IN (${Prisma.join(ids)}) AND ${notErased}`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const members = ids.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          memberSummaryView(
            { ...row, memberships: jsonColumn<MembershipJson[]>(row.memberships).map(membershipRow) },
            caller,
          ),
        ]
      : [];
  });
  return { members, count: order.length, page, limit };
}

/** `column direction` with null values last, then the id in the same direction (a stable order for pages). */
function order(column: string | null, direction: "asc" | "desc"): Prisma.Sql {
  const dir = direction === "asc" ? "ASC" : "DESC";
  if (column === null) return Prisma.raw(`m."id" ${dir}`);
  const nulls = column === "createdAt" ? "" : " NULLS LAST";
  return Prisma.raw(`m."${column}" ${dir}${nulls}, m."id" ${dir}`);
}

const orderColumns = {
  created_at: "createdAt",
  id: null,
  email: "email",
  firstname: "firstname",
  lastname: "lastname",
  birthdate: "birthdate",
} as const;

/** POST /v3/member/pagination: members with a membership matching `options`, ordered by one field (ties by id). */
export async function paginateMembers(caller: Caller, input: MemberPaginationInput) {
  // The epochs once for both caches (the scope's companies, the order): one round trip fewer on PostgreSQL.
  const epochs = await readCacheEpochs();
  const scope = await scopeCondition(caller, epochs);
  const where: Prisma.Sql[] = [];
  const { period_id, statuses } = input.options;
  membershipIn(
    [
      ...(period_id ? [Prisma.sql`ms."periodId" = ${period_id}`] : []),
      ...(statuses?.length ? [Prisma.sql`ms."status" IN (${Prisma.join(statuses)})`] : []),
    ],
    where,
  );
  const [field, direction] = Object.entries(input.orderBy)[0] ?? ["created_at", "desc"];
  return memberPage(
    caller,
    epochs,
    scope,
    where,
    order(orderColumns[field as keyof typeof orderColumns], direction),
    input.page,
    input.limit,
  );
}

type Include = "ANY" | "ALL" | "NONE";

/** ANY / ALL / NONE of `ids` as conditions on `m`: `has(ids)` is the condition for one or more of them. */
function combine<T>(ids: T[], include: Include, has: (ids: T[]) => Prisma.Sql): Prisma.Sql[] {
  if (ids.length === 0) return [];
  if (include === "ALL") return [...new Set(ids)].map((id) => has([id]));
  return [include === "ANY" ? has(ids) : Prisma.sql`NOT ${has(ids)}`];
}

/** The day `years` years before today in Stockholm (birthdates are text dates, compared in calendar order). */
const yearsAgo = (years: number) => yearsBefore(stockholmToday(), years);

/** `m."id" IN (SELECT "memberId" FROM <table> WHERE <column> IN ids)` (qualified: tests read the columns of statements). */
const memberIdIn = (table: string, column: string) => (ids: number[]) =>
  Prisma.sql`m."id" IN (SELECT t."memberId" FROM ${Prisma.raw(`"${table}"`)} t WHERE ${Prisma.raw(`t."${column}"`)} IN (${Prisma.join(ids)}))`;

function filterConditions(filters: MemberSearchFilters, where: Prisma.Sql[]): void {
  const { email, statuses, age_from, age_to } = filters.member_variables;
  const conditions: Prisma.Sql[] = [];
  const withStatus = statuses?.length ? [Prisma.sql`ms."status" IN (${Prisma.join(statuses)})`] : [];
  if (email === "EXISTS") conditions.push(Prisma.sql`m."email" IS NOT NULL`);
  if (email === "MISSING") conditions.push(Prisma.sql`m."email" IS NULL`);
  if (age_from !== undefined) conditions.push(Prisma.sql`m."birthdate" <= ${yearsAgo(age_from)}`);
  if (age_to !== undefined) conditions.push(Prisma.sql`m."birthdate" > ${yearsAgo(age_to + 1)}`);
  const companies = filters.companies;
  if (companies?.company_ids.length) {
    conditions.push(
      ...combine(companies.company_ids, companies.include, (ids) => memberInCompanies(Prisma.join(ids), statuses)),
    );
    // NONE with statuses: members with such a membership, only not in those companies.
    if (companies.include === "NONE") membershipIn(withStatus, where);
  } else {
    membershipIn(withStatus, where);
  }
  const { events, properties } = filters;
  if (events) conditions.push(...combine(events.event_ids, events.include, memberIdIn("EventParticipant", "eventId")));
  if (properties)
    conditions.push(...combine(properties.prop_ids, properties.include, memberIdIn("MemberProperty", "propertyId")));
  where.push(...conditions);
}

/**
 * Every word of `search_text` in the member's first name, last name, email or phone, in any order ("Alva Lindström",
 * "lindstrom alva"), folded alike on both sides (lib/search-text.ts: case and accents) and literally (wildcards
 * escaped). One LIKE per word on the one column "searchText", which the triggers keep: the scope's index narrows the
 * members, as before, and the words filter those rows. SQLite's LIKE folds only ASCII: a letter outside the folding
 * table is tried lower-case and capitalized (caseVariants).
 */
function searchTextCondition(text: string): Prisma.Sql[] {
  const like = caseInsensitiveLike();
  return searchWords(text).map((word) => {
    const matches = caseVariants(word).map(
      (variant) => Prisma.sql`m."searchText" ${like} ${likeSubstring(variant)} ESCAPE '\\'`,
    );
    return matches.length === 1 ? matches[0] : Prisma.sql`(${Prisma.join(matches, " OR ")})`;
  });
}

const searchOrder: Record<SearchSort, Prisma.Sql> = {
  created_desc: order("createdAt", "desc"),
  created_asc: order("createdAt", "asc"),
  name_asc: Prisma.raw(`m."lastname" ASC NULLS LAST, m."firstname" ASC NULLS LAST, m."id" ASC`),
  name_desc: Prisma.raw(`m."lastname" DESC NULLS LAST, m."firstname" DESC NULLS LAST, m."id" DESC`),
  email_asc: order("email", "asc"),
};

/**
 * POST /v3/market/members/search. Only members in companies of the caller's scope are ever found, whatever ids the
 * filters name.
 */
export async function searchMembers(caller: Caller, input: MemberSearchInput) {
  const epochs = await readCacheEpochs();
  const scope = await scopeCondition(caller, epochs);
  const where = searchTextCondition(input.search_text);
  filterConditions(input.filters, where);
  return memberPage(caller, epochs, scope, where, searchOrder[input.sort_by], input.page, input.limit);
}

/** The live companies from `companyId` down, as the name `tree` for a statement's WITH clause. */
const companyTree = (companyId: string) => Prisma.sql`WITH RECURSIVE tree(id, depth) AS (
      SELECT "id", 0 FROM "Company" WHERE "id" = ${companyId} AND "deletedAt" IS NULL
      UNION
      SELECT c."id", tree.depth + 1 FROM "Company" c JOIN tree ON c."parentId" = tree.id WHERE c."deletedAt" IS NULL AND tree.depth < 64
    )`;

/**
 * The ids of up to `take` live members in `companyId` or a live company below it (memberInCompanies) that have an
 * email and whose name, email or phone holds every word of `text` (searchTextCondition), by email: what the list's
 * add-member picker offers for the list's company.
 */
export async function memberIdsWithEmailIn(companyId: string, text: string, take: number): Promise<number[]> {
  const rows = await db().$queryRaw<{ id: number }[]>`${companyTree(companyId)}
    SELECT m."id" FROM "Member" m
    WHERE ${and([live, Prisma.sql`m."email" IS NOT NULL`, memberInCompanies(Prisma.sql`SELECT id FROM tree`), ...searchTextCondition(text)])}
    ORDER BY m."email", m."id" LIMIT ${take}`;
  return rows.map((row) => row.id);
}

/** Whether the member is live and in `companyId` or a live company below it (a list's company: who may be subscribed). */
export async function isMemberUnder(companyId: string, memberId: number): Promise<boolean> {
  const rows = await db().$queryRaw<{ id: number }[]>`${companyTree(companyId)}
    SELECT m."id" FROM "Member" m WHERE m."id" = ${memberId} AND ${live} AND ${memberInCompanies(Prisma.sql`SELECT id FROM tree`)}`;
  return rows.length > 0;
}
