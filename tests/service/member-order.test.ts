// The member list's kept order (modules/members/services/order.ts) on both databases: every sort the list and the search
// offer comes out in the order a plain ORDER BY gives (SQLite's group_concat reads an ordered subquery), and the count
// and the pages follow every kind of change the members epoch covers at the next request, whoever writes (here:
// plain Prisma writes, as a CLI or another instance would make them).
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import type { Caller } from "@/modules/access/services/caller";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { parseIdList } from "@/modules/members/services/order";
import { paginateMembers, searchMembers } from "@/modules/members/services/search";
import { MemberPaginationRequest, MemberSearchRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";

const MEMBERS = 240;

let caller: Caller;
let rootId: string;
let clubId: string;
let periodId: number;

beforeAll(async () => {
  const root = await makeCompany("Ordningsförbundet");
  rootId = root.id;
  clubId = (await makeCompany("Ordningsklubben", root.id)).id;
  periodId = (
    await db().period.create({
      data: { companyId: root.id, name: "2026", startsOn: new Date("2026-01-01"), endsOn: new Date("2026-12-31") },
    })
  ).id;
  const start = Date.parse("2026-02-01T00:00:00Z");
  // Ties and missing values in every sorted column: the id decides ties, missing values come last.
  await db().member.createMany({
    data: Array.from({ length: MEMBERS }, (_, i) => ({
      uuid: crypto.randomUUID(),
      organizationId: i % 4 === 0 ? clubId : root.id,
      email: i % 7 === 0 ? null : `ordning${(i * 37) % 101}-${i}@example.se`,
      firstname: i % 11 === 0 ? null : ["Åsa", "Örjan", "alva", "Bo", "Ebba"][i % 5],
      lastname: i % 13 === 0 ? null : ["Ek", "Berg", "Ås", "Lind"][i % 4],
      birthdate: i % 9 === 0 ? null : `${1960 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
      createdAt: new Date(start + (i % 50) * 60_000),
    })),
  });
  const members = await db().member.findMany({
    where: { organizationId: { in: [root.id, clubId] } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  await db().membership.createMany({
    data: members.map((m, i) => ({ memberId: m.id, companyId: clubId, periodId, status: i % 3 ? "MEMBER" : "EXITED" })),
  });
  caller = (await callerForApiKey((await makeApiKey({ companyIds: [root.id] })).id))!;
}, 60_000);

/** Every member id of the list in `orderBy`, read page by page. */
async function listed(
  orderBy: Record<string, "asc" | "desc">,
  options: Record<string, unknown> = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const result = await paginateMembers(caller, MemberPaginationRequest.parse({ options, orderBy, page, limit: 100 }));
    ids.push(...result.members.map((m) => m.id));
    if (result.members.length < 100) {
      expect(ids).toHaveLength(result.count);
      return ids;
    }
  }
}

/** The same members by a plain ORDER BY. */
async function reference(orderBy: string): Promise<number[]> {
  const rows = await db().$queryRaw<{ id: number }[]>`
    SELECT m."id" FROM "Member" m WHERE m."organizationId" IN (${rootId}, ${clubId}) AND m."erasedAt" IS NULL ORDER BY ${Prisma.raw(orderBy)}`;
  return rows.map((row) => Number(row.id));
}

describe("the member list's kept order", () => {
  it("parses an id list", () => {
    expect(Array.from(parseIdList("3,10,2147483647,1"))).toEqual([3, 10, 2147483647, 1]);
    expect(parseIdList(null)).toHaveLength(0);
    expect(Array.from(parseIdList("42"))).toEqual([42]);
  });

  it.each([
    [{ created_at: "desc" }, `m."createdAt" DESC, m."id" DESC`],
    [{ created_at: "asc" }, `m."createdAt" ASC, m."id" ASC`],
    [{ id: "desc" }, `m."id" DESC`],
    [{ email: "asc" }, `m."email" ASC NULLS LAST, m."id" ASC`],
    [{ firstname: "desc" }, `m."firstname" DESC NULLS LAST, m."id" DESC`],
    [{ lastname: "asc" }, `m."lastname" ASC NULLS LAST, m."id" ASC`],
    [{ birthdate: "desc" }, `m."birthdate" DESC NULLS LAST, m."id" DESC`],
  ] as const)("orders %j as ORDER BY %s does", async (orderBy, sql) => {
    expect(await listed(orderBy)).toEqual(await reference(sql));
  });

  it("orders the search by name as ORDER BY does", async () => {
    const ids: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await searchMembers(caller, MemberSearchRequest.parse({ sort_by: "name_desc", page, limit: 100 }));
      ids.push(...result.members.map((m) => m.id));
    }
    expect(ids).toEqual(await reference(`m."lastname" DESC NULLS LAST, m."firstname" DESC NULLS LAST, m."id" DESC`));
  });

  it("follows each kind of change at the next request", async () => {
    const statusMember = { statuses: ["MEMBER"] };
    const count = async () =>
      (await paginateMembers(caller, MemberPaginationRequest.parse({ options: statusMember }))).count;
    const before = await count();
    expect(before).toBe(MEMBERS - MEMBERS / 3);

    // A new member with a membership.
    const added = await db().member.create({
      data: { uuid: crypto.randomUUID(), organizationId: rootId, email: "ny-ordning@example.se", firstname: "Ny" },
    });
    await db().membership.create({ data: { memberId: added.id, companyId: clubId, periodId, status: "MEMBER" } });
    expect(await count()).toBe(before + 1);
    expect(
      (await paginateMembers(caller, MemberPaginationRequest.parse({ options: statusMember, orderBy: { id: "desc" } })))
        .members[0].id,
    ).toBe(added.id);

    // A membership's status, then the membership removed.
    const membership = await db().membership.findFirstOrThrow({ where: { memberId: added.id } });
    await db().membership.update({ where: { id: membership.id }, data: { status: "EXITED" } });
    expect(await count()).toBe(before);
    await db().membership.update({ where: { id: membership.id }, data: { status: "MEMBER" } });
    expect(await count()).toBe(before + 1);
    await db().membership.delete({ where: { id: membership.id } });
    expect(await count()).toBe(before);

    // An erasure and a deletion.
    const [first, second] = await db().member.findMany({
      where: { organizationId: rootId, memberships: { some: { status: "MEMBER" } } },
      take: 2,
      orderBy: { id: "asc" },
    });
    await db().member.update({ where: { id: first.id }, data: { erasedAt: new Date() } });
    expect(await count()).toBe(before - 1);
    await db().member.delete({ where: { id: second.id } });
    expect(await count()).toBe(before - 2);

    // A name the search finds, an event registration and a property the search filters by.
    const search = async (filters: Record<string, unknown>, search_text = "") =>
      (await searchMembers(caller, MemberSearchRequest.parse({ filters, search_text }))).count;
    expect(await search({}, "Zebulon")).toBe(0);
    await db().member.update({ where: { id: added.id }, data: { lastname: "Zebulon" } });
    expect(await search({}, "Zebulon")).toBe(1);
    const event = await db().event.create({
      data: { companyId: rootId, name: "Årsmöte", startsAt: new Date("2026-03-01T17:00:00Z") },
    });
    const byEvent = { events: { event_ids: [event.id], include: "ANY" } };
    expect(await search(byEvent)).toBe(0);
    await db().eventParticipant.create({ data: { eventId: event.id, memberId: added.id } });
    expect(await search(byEvent)).toBe(1);
    await db().eventParticipant.deleteMany({ where: { eventId: event.id } });
    expect(await search(byEvent)).toBe(0);
    const group = await db().propertyGroup.create({ data: { companyId: rootId, name: "Intressen" } });
    const property = await db().property.create({ data: { groupId: group.id, name: "Segling" } });
    const byProperty = { properties: { prop_ids: [property.id], include: "ANY" } };
    expect(await search(byProperty)).toBe(0);
    await db().memberProperty.create({ data: { memberId: added.id, propertyId: property.id } });
    expect(await search(byProperty)).toBe(1);
  });

  // Last: it deletes the club. Only the companies epoch moves, yet the order is keyed by the scope's companies as they
  // were read (member-search.ts's scopeCondition), so the next request reads a new one.
  it("leaves a deleted company's members out at the next request, though no member changed", async () => {
    const inClub = await db().member.count({ where: { organizationId: clubId, erasedAt: null } });
    const before = (await paginateMembers(caller, MemberPaginationRequest.parse({}))).count;
    await db().company.update({ where: { id: clubId }, data: { deletedAt: new Date() } });
    const after = await paginateMembers(caller, MemberPaginationRequest.parse({ limit: 100 }));
    expect(inClub).toBeGreaterThan(0);
    expect(after.count).toBe(before - inClub);
    expect(after.members.every((m) => m.company_id !== clubId)).toBe(true);
  });
});
