// The member list (POST /v3/member/pagination) and the member search (POST /v3/market/members/search), shared by the
// dashboard's Members screen. Both are one count and one page query (plus the page's memberships), whatever the page
// or the organization's size: the filters become EXISTS conditions in SQL, never rows loaded into memory.
import "server-only";
import type { z } from "zod";
import { stockholmToday, yearsBefore } from "../calendar";
import { caseVariants, db, pageWindow, textContains, type Prisma } from "../db";
import type { MemberPage, MemberPaginationInput, MemberSearchFilters, MemberSearchInput, SearchSort } from "../validation/member";
import { requireModule } from "./access-checks";
import type { Caller } from "./caller";
import { companyIdsInScope } from "./company-tree";
import { liveMembersOf } from "./live-records";
import { memberSummaryInclude, memberSummaryView } from "./members";

/** Live members of companies in the caller's scope. */
async function membersInScopeWhere(caller: Caller): Promise<Prisma.MemberWhereInput> {
  requireModule(caller, "member");
  return liveMembersOf(await companyIdsInScope(caller));
}

async function memberPage(
  caller: Caller,
  where: Prisma.MemberWhereInput,
  orderBy: Prisma.MemberOrderByWithRelationInput[],
  page: number,
  limit: number,
): Promise<z.output<typeof MemberPage>> {
  const [count, rows] = await Promise.all([
    db().member.count({ where }),
    db().member.findMany({ where, orderBy, ...pageWindow({ page, limit }), include: memberSummaryInclude }),
  ]);
  return { members: rows.map((row) => memberSummaryView(row, caller)), count, page, limit };
}

const orderColumns = {
  created_at: "createdAt",
  id: "id",
  email: "email",
  firstname: "firstname",
  lastname: "lastname",
  birthdate: "birthdate",
} as const;

/** POST /v3/member/pagination: members with a membership matching `options`, ordered by one field (ties by id). */
export async function paginateMembers(caller: Caller, input: MemberPaginationInput) {
  const scope = await membersInScopeWhere(caller);
  const { period_id, statuses } = input.options;
  const membership: Prisma.MembershipWhereInput = {
    ...(period_id ? { periodId: period_id } : {}),
    ...(statuses?.length ? { status: { in: statuses } } : {}),
  };
  const where = Object.keys(membership).length ? { ...scope, memberships: { some: membership } } : scope;
  const [field, direction] = Object.entries(input.orderBy)[0] ?? ["created_at", "desc"];
  const column = orderColumns[field as keyof typeof orderColumns];
  const nullable = column === "email" || column === "firstname" || column === "lastname" || column === "birthdate";
  const orderBy: Prisma.MemberOrderByWithRelationInput[] =
    column === "id" ? [{ id: direction }] : [{ [column]: nullable ? { sort: direction, nulls: "last" } : direction }, { id: direction }];
  return memberPage(caller, where, orderBy, input.page, input.limit);
}

type Include = "ANY" | "ALL" | "NONE";

/**
 * ANY / ALL / NONE of `ids` as conditions on a member: `on` is the condition on one related row for an id or a set of
 * ids, `relation` puts it on the member's related rows (some or none of them).
 */
function combine<T, W>(
  ids: T[],
  include: Include,
  on: (id: T | { in: T[] }) => W,
  relation: (filter: { some: W } | { none: W }) => Prisma.MemberWhereInput,
) {
  if (ids.length === 0) return [];
  if (include === "ALL") return [...new Set(ids)].map((id) => relation({ some: on(id) }));
  return [relation(include === "ANY" ? { some: on({ in: ids }) } : { none: on({ in: ids }) })];
}

/** The day `years` years before today in Stockholm (birthdates are text dates, compared in calendar order). */
const yearsAgo = (years: number) => yearsBefore(stockholmToday(), years);

function filterConditions(filters: MemberSearchFilters): Prisma.MemberWhereInput[] {
  const { email, statuses, age_from, age_to } = filters.member_variables;
  const status: Prisma.MembershipWhereInput = statuses?.length ? { status: { in: statuses } } : {};
  const conditions: Prisma.MemberWhereInput[] = [];
  if (email === "EXISTS") conditions.push({ email: { not: null } });
  if (email === "MISSING") conditions.push({ email: null });
  if (age_from !== undefined) conditions.push({ birthdate: { lte: yearsAgo(age_from) } });
  if (age_to !== undefined) conditions.push({ birthdate: { gt: yearsAgo(age_to + 1) } });
  const companies = filters.companies;
  if (companies?.company_ids.length) {
    conditions.push(
      ...combine(companies.company_ids, companies.include, (companyId) => ({ companyId, ...status }), (memberships) => ({ memberships })),
    );
    // NONE with statuses: members with such a membership, only not in those companies.
    if (companies.include === "NONE" && statuses?.length) conditions.push({ memberships: { some: status } });
  } else if (statuses?.length) {
    conditions.push({ memberships: { some: status } });
  }
  const { events, properties } = filters;
  if (events) conditions.push(...combine(events.event_ids, events.include, (eventId) => ({ eventId }), (participations) => ({ participations })));
  if (properties) conditions.push(...combine(properties.prop_ids, properties.include, (propertyId) => ({ propertyId }), (filter) => ({ properties: filter })));
  return conditions;
}

function searchTextCondition(text: string): Prisma.MemberWhereInput[] {
  if (!text) return [];
  const fields = ["email", "firstname", "lastname", "phone"] as const;
  return [{ OR: caseVariants(text).flatMap((variant) => fields.map((field) => ({ [field]: textContains(variant) }))) }];
}

const searchOrder: Record<SearchSort, Prisma.MemberOrderByWithRelationInput[]> = {
  created_desc: [{ createdAt: "desc" }, { id: "desc" }],
  created_asc: [{ createdAt: "asc" }, { id: "asc" }],
  name_asc: [{ lastname: { sort: "asc", nulls: "last" } }, { firstname: { sort: "asc", nulls: "last" } }, { id: "asc" }],
  name_desc: [{ lastname: { sort: "desc", nulls: "last" } }, { firstname: { sort: "desc", nulls: "last" } }, { id: "desc" }],
  email_asc: [{ email: { sort: "asc", nulls: "last" } }, { id: "asc" }],
};

/**
 * POST /v3/market/members/search. Only members of companies in the caller's scope are ever found, whatever ids the
 * filters name.
 */
export async function searchMembers(caller: Caller, input: MemberSearchInput) {
  const scope = await membersInScopeWhere(caller);
  const conditions = [...filterConditions(input.filters), ...searchTextCondition(input.search_text)];
  const where = conditions.length ? { ...scope, AND: conditions } : scope;
  return memberPage(caller, where, searchOrder[input.sort_by], input.page, input.limit);
}
