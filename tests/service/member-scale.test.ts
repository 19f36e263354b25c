// The member list and search send the same small number of SQL statements whatever the page, and read the rows of a
// page only: the order of a query (modules/members/services/order.ts) is read once, then kept until a member changes, and
// each page after it is one statement by id (rows and memberships), whatever its depth. Statements are counted at the driver's query log.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { type Caller, operatorCaller } from "@/modules/access/services/caller";
import { importCompanies } from "@/modules/companies/services/changes";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { paginateMembers, searchMembers } from "@/modules/members/services/search";
import { MemberPaginationRequest, MemberSearchRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";
import { useDatabaseOfOwn } from "../process-fixtures";

const MEMBERS = 300;
const STATUSES = ["MEMBER", "PENDING_EXIT", "EXITED"] as const;

let caller: Caller;
let clubIds: string[];
let periodId: number;
let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;

beforeAll(async () => {
  // A database of its own: the statements are counted with the scope's companies cached, and another file creating a
  // company in a shared database (the companies epoch) would refill that cache between two counted pages.
  database = await useDatabaseOfOwn();
  const root = await makeCompany("Skalförbundet");
  const clubs = [await makeCompany("Skalklubb A", root.id), await makeCompany("Skalklubb B", root.id)];
  clubIds = clubs.map((c) => c.id);
  periodId = (
    await db().period.create({
      data: { companyId: root.id, name: "2026", startsOn: new Date("2026-01-01"), endsOn: new Date("2026-12-31") },
    })
  ).id;
  const start = Date.parse("2026-01-01T00:00:00Z");
  await db().member.createMany({
    data: Array.from({ length: MEMBERS }, (_, i) => ({
      uuid: crypto.randomUUID(),
      organizationId: root.id,
      email: i % 10 === 0 ? null : `skala${i}@example.se`,
      firstname: `Förnamn${i}`,
      lastname: `Efternamn${i % 37}`,
      birthdate: `${1950 + (i % 60)}-0${1 + (i % 9)}-15`,
      createdAt: new Date(start + i * 60_000),
    })),
  });
  const members = await db().member.findMany({
    where: { organizationId: root.id },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  await db().membership.createMany({
    data: members.map((m, i) => ({ memberId: m.id, companyId: clubIds[i % 2], periodId, status: STATUSES[i % 3] })),
  });
  caller = (await callerForApiKey((await makeApiKey({ companyIds: [root.id] })).id))!;
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

/** Runs `work` and returns the statements it sent. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const watch = watchStatements();
  try {
    await work();
  } finally {
    watch.stop();
  }
  return watch.statements;
}

/** The statement reading a query's order (lib/sql-dialect.ts orderedIdList). */
const isOrder = (sql: string) => /group_concat|string_agg/i.test(sql);

/** A page read after its order: one statement, by the page's ids only (at most `limit` of them). */
function expectReadByIds(statements: string[], limit: number) {
  expect(statements).toHaveLength(1);
  const [sql] = statements;
  expect(isOrder(sql)).toBe(false);
  const ids = /m\."id" IN \(([^)]*)\)/.exec(sql);
  expect(ids, sql).not.toBeNull();
  expect(ids![1].split(",").length).toBeLessThanOrEqual(limit);
}

describe("member list and search at scale", () => {
  it("serves a caller whose scope holds more than 999 companies (SQLite's default bind limit in Prisma)", async () => {
    const federation = await makeCompany("Tusenklubbsförbundet");
    await importCompanies(
      operatorCaller(),
      Array.from({ length: 1100 }, (_, i) => ({
        id: crypto.randomUUID(),
        uuid: crypto.randomUUID(),
        name: `Klubb ${i}`,
        orgNumber: `T${process.pid}${i}`,
        parentId: federation.id,
      })),
    );
    const wide = (await callerForApiKey((await makeApiKey({ companyIds: [federation.id] })).id))!;
    const page = await searchMembers(wide, MemberSearchRequest.parse({ search_text: "x" }));
    expect(page).toMatchObject({ count: 0, members: [] });
    expect((await paginateMembers(wide, MemberPaginationRequest.parse({}))).count).toBe(0);
  });

  it("pagination: the order read once, then the first and the last page one statement by id each", async () => {
    const request = (page: number) =>
      MemberPaginationRequest.parse({
        options: { period_id: periodId, statuses: ["MEMBER", "PENDING_EXIT"] },
        page,
        limit: 20,
      });
    // The scope's companies are cached until a company changes: 3 statements fill it (the scope, the companies above
    // it, the deleted ones), then the order and the page.
    const cold = await statementsOf(() => paginateMembers(caller, request(1)));
    expect(cold.length).toBeLessThanOrEqual(5);
    expect(cold.filter(isOrder)).toHaveLength(1);
    const first = await statementsOf(() => paginateMembers(caller, request(1)));
    const result = await paginateMembers(caller, request(10));
    const last = await statementsOf(() => paginateMembers(caller, request(10)));
    expect(result.count).toBe(200);
    expect(result.members).toHaveLength(20);
    expectReadByIds(first, 20);
    expectReadByIds(last, 20);
  });

  it("search with every filter kind: the same statements whatever the page", async () => {
    const request = (page: number) =>
      MemberSearchRequest.parse({
        filters: {
          member_variables: { email: "EXISTS", statuses: ["MEMBER"], age_from: 20, age_to: 70 },
          companies: { company_ids: clubIds, include: "ANY" },
          properties: { prop_ids: [], include: "ANY" },
        },
        search_text: "förnamn",
        sort_by: "name_asc",
        page,
        limit: 10,
      });
    expect((await statementsOf(() => searchMembers(caller, request(1)))).filter(isOrder)).toHaveLength(1);
    const first = await statementsOf(() => searchMembers(caller, request(1)));
    const page = await searchMembers(caller, request(3));
    const deep = await statementsOf(() => searchMembers(caller, request(3)));
    expect(page.count).toBeGreaterThan(20);
    expectReadByIds(first, 10);
    expectReadByIds(deep, 10);
  });
});
