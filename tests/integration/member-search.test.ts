// Spec 4.3: POST /v3/member/pagination and POST /v3/market/members/search: every filter, include and sort, bounds,
// and that nothing outside the caller's scope is ever found.
import { beforeAll, describe, expect, it } from "vitest";
import { stockholmToday, yearsBefore } from "@/lib/calendar";
import { call } from "../helpers";
import { createMemberVia, makeOrganization, uniqueEmail, type Organization } from "../member-fixtures";

let org: Organization;
/** Members by a short name, in creation order. */
const ids: Record<string, number> = {};
let eventIds: number[];
const tag = `t${process.pid}x${Date.now() % 10000}`;

/** A birthdate `years` years before today in Stockholm, `days` later. */
function yearsAgo(years: number, days = 0): string {
  const d = new Date(`${yearsBefore(stockholmToday(), years).replace("-02-29", "-02-28")}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  org = await makeOrganization();
  const [a, b] = org.clubIds;
  const m = (company_id: string, status = "MEMBER") => ({ company_id, period_id: org.periodId, status });
  const people: [string, Record<string, unknown>][] = [
    [
      "anna",
      {
        firstname: "Anna",
        lastname: "Åberg",
        email: uniqueEmail(`${tag}anna`),
        birthdate: yearsAgo(30),
        memberships: [m(a), m(b)],
        prop_ids: [org.propIds[0], org.propIds[1]],
      },
    ],
    [
      "bo",
      {
        firstname: "Bo",
        lastname: "Ek",
        email: uniqueEmail(`${tag}bo`),
        birthdate: yearsAgo(18),
        memberships: [m(a, "PENDING_EXIT")],
        prop_ids: [org.propIds[0]],
      },
    ],
    [
      "cecilia",
      {
        firstname: "Cecilia",
        lastname: "Alm",
        birthdate: yearsAgo(65, 1),
        memberships: [m(b, "EXITED")],
        phone: `070${tag}`,
      },
    ],
    ["david", { firstname: "David", lastname: null, email: uniqueEmail(`${tag}david`) }],
  ];
  for (const [name, body] of people)
    ids[name] = (
      await createMemberVia(org.token, { company_id: org.rootId, ...body, firstname: `${body.firstname}${tag}` })
    ).id;
  eventIds = [];
  for (const name of ["Vårfest", "Höstfest"]) {
    const event = await call("/v3/events", {
      method: "POST",
      token: org.token,
      body: {
        company_id: org.rootId,
        name,
        starts_at: "2026-05-01T18:00:00+02:00",
        ends_at: "2026-05-01T22:00:00+02:00",
      },
    });
    eventIds.push(event.json.id);
  }
  for (const [event, member] of [
    [0, "anna"],
    [1, "anna"],
    [0, "bo"],
  ] as const) {
    expect(
      (
        await call(`/v3/events/${eventIds[event]}/participants`, {
          method: "POST",
          token: org.token,
          body: { member_id: ids[member] },
        })
      ).status,
    ).toBe(200);
  }
  // A member of another organization with the same search text is never found.
  const otherToken = await org.tokenFor({ companyIds: [org.otherId] });
  await call("/v3/member", {
    method: "POST",
    token: otherToken,
    body: { company_id: org.otherId, firstname: `Anna${tag}` },
  });
});

async function search(body: Record<string, unknown>, token = org.token) {
  const res = await call("/v3/market/members/search", {
    method: "POST",
    token,
    body: { search_text: tag, page: 1, limit: 100, ...body },
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { members: { id: number }[]; count: number; page: number; limit: number };
}

const names = (result: { members: { id: number }[] }) =>
  result.members.map((m) => Object.entries(ids).find(([, id]) => id === m.id)?.[0] ?? `other:${m.id}`);

describe("member search", () => {
  it("search_text matches names, email and phone case-insensitively, within scope only", async () => {
    const all = await search({ sort_by: "created_asc" });
    expect(names(all)).toEqual(["anna", "bo", "cecilia", "david"]);
    expect(all).toMatchObject({ count: 4, page: 1, limit: 100 });
    expect(names(await search({ search_text: `ANNA${tag.toUpperCase()}` }))).toEqual(["anna"]);
    expect(names(await search({ search_text: `070${tag}` }))).toEqual(["cecilia"]);
    // Swedish letters in any case, on SQLite too (its LIKE folds only ASCII letters).
    const within = await org.tokenFor({ companyIds: [org.rootId] });
    expect(names(await search({ search_text: "åberg" }, within)).filter((n) => n === "anna")).toEqual(["anna"]);
    expect(names(await search({ search_text: "ÅBERG" }, within)).filter((n) => n === "anna")).toEqual(["anna"]);
  });

  it("member_variables: email, statuses and ages", async () => {
    const mv = (member_variables: Record<string, unknown>) =>
      search({ filters: { member_variables }, sort_by: "created_asc" });
    expect(names(await mv({ email: "EXISTS" }))).toEqual(["anna", "bo", "david"]);
    expect(names(await mv({ email: "MISSING" }))).toEqual(["cecilia"]);
    expect(names(await mv({ statuses: ["PENDING_EXIT", "EXITED"] }))).toEqual(["bo", "cecilia"]);
    expect(names(await mv({ age_from: 18, age_to: 30 }))).toEqual(["anna", "bo"]);
    expect(names(await mv({ age_from: 19 }))).toEqual(["anna", "cecilia"]);
    // Cecilia turns 65 tomorrow: 64 today.
    expect(names(await mv({ age_from: 64, age_to: 64 }))).toEqual(["cecilia"]);
  });

  it("companies, events and properties with ANY, ALL and NONE", async () => {
    const [a, b] = org.clubIds;
    const f = (filters: Record<string, unknown>) => search({ filters, sort_by: "created_asc" });
    // In a company: its register company, or a membership there that is not EXITED (Cecilia left b: not in b).
    expect(names(await f({ companies: { company_ids: [a, b], include: "ANY" } }))).toEqual(["anna", "bo"]);
    expect(names(await f({ companies: { company_ids: [org.rootId], include: "ANY" } }))).toEqual([
      "anna",
      "bo",
      "cecilia",
      "david",
    ]);
    expect(names(await f({ companies: { company_ids: [a, b], include: "ALL" } }))).toEqual(["anna"]);
    expect(names(await f({ companies: { company_ids: [a], include: "NONE" } }))).toEqual(["cecilia", "david"]);
    // statuses apply to the membership in those companies.
    expect(
      names(await f({ companies: { company_ids: [a], include: "ANY" }, member_variables: { statuses: ["MEMBER"] } })),
    ).toEqual(["anna"]);
    expect(
      names(await f({ companies: { company_ids: [a], include: "NONE" }, member_variables: { statuses: ["EXITED"] } })),
    ).toEqual(["cecilia"]);
    expect(names(await f({ events: { event_ids: eventIds, include: "ANY" } }))).toEqual(["anna", "bo"]);
    expect(names(await f({ events: { event_ids: eventIds, include: "ALL" } }))).toEqual(["anna"]);
    expect(names(await f({ events: { event_ids: eventIds, include: "NONE" } }))).toEqual(["cecilia", "david"]);
    expect(names(await f({ properties: { prop_ids: org.propIds, include: "ANY" } }))).toEqual(["anna", "bo"]);
    expect(names(await f({ properties: { prop_ids: org.propIds, include: "ALL" } }))).toEqual(["anna"]);
    expect(names(await f({ properties: { prop_ids: [org.propIds[0]], include: "NONE" } }))).toEqual([
      "cecilia",
      "david",
    ]);
    expect(names(await f({ properties: { prop_ids: [], include: "ALL" } }))).toEqual([
      "anna",
      "bo",
      "cecilia",
      "david",
    ]);
    // Filters combine with AND.
    expect(
      names(await f({ events: { event_ids: [eventIds[0]] }, properties: { prop_ids: [org.propIds[1]] } })),
    ).toEqual(["anna"]);
  });

  it("sorts by every documented sort_by and pages", async () => {
    expect(names(await search({ sort_by: "created_desc" }))).toEqual(["david", "cecilia", "bo", "anna"]);
    // Last names Alm, Ek, Åberg (Å after Z, as Swedish sorts it), then none.
    expect(names(await search({ sort_by: "name_asc" }))).toEqual(["cecilia", "bo", "anna", "david"]);
    expect(names(await search({ sort_by: "name_desc" }))).toEqual(["anna", "bo", "cecilia", "david"]);
    expect(names(await search({ sort_by: "email_asc" }))).toEqual(["anna", "bo", "david", "cecilia"]);
    const page2 = await search({ sort_by: "created_asc", page: 2, limit: 3 });
    expect(names(page2)).toEqual(["david"]);
    expect(page2).toMatchObject({ count: 4, page: 2, limit: 3 });
  });

  it("refuses unknown include and sort_by values and out-of-range pages with 400", async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call("/v3/market/members/search", { method: "POST", token: org.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      return Object.keys(res.json.errors);
    };
    expect(await bad({ filters: { companies: { company_ids: [], include: "SOME" } } })).toEqual([
      "filters.companies.include",
    ]);
    expect(await bad({ sort_by: "random" })).toEqual(["sort_by"]);
    expect(await bad({ limit: 101 })).toEqual(["limit"]);
    expect(await bad({ page: 0 })).toEqual(["page"]);
    expect(await bad({ page: "2" })).toEqual(["page"]);
    expect(await bad({ filters: { member_variables: { email: "YES" } } })).toEqual(["filters.member_variables.email"]);
    expect(await bad({ filters: { member_variables: { age_from: 40, age_to: 20 } } })).toEqual([
      "filters.member_variables.age_to",
    ]);
    expect(await bad({ filters: { events: { event_ids: ["x"] } } })).toEqual(["filters.events.event_ids.0"]);
  });

  it("needs the member module; a caller scoped elsewhere finds none of these members", async () => {
    expect((await call("/v3/market/members/search", { method: "POST", body: {} })).status).toBe(401);
    const noModule = await org.tokenFor({ modules: ["event"] });
    expect((await call("/v3/market/members/search", { method: "POST", token: noModule, body: {} })).status).toBe(403);
    const other = await search({}, await org.tokenFor({ companyIds: [org.otherId] }));
    expect(names(other)).toHaveLength(1);
    expect(names(other)[0]).toMatch(/^other:/);
    // The federation's members who are members of the club (also PENDING_EXIT) are in the club: its key finds them.
    const clubOnly = await search({ sort_by: "created_asc" }, await org.tokenFor({ companyIds: [org.clubIds[0]] }));
    expect(names(clubOnly)).toEqual(["anna", "bo"]);
  });
});

describe("member pagination", () => {
  const paginate = (body: Record<string, unknown>, token = org.token) =>
    call("/v3/member/pagination", { method: "POST", token, body });

  it("filters by period and statuses on one membership, orders and counts", async () => {
    const res = await paginate({
      options: { period_id: org.periodId, statuses: ["MEMBER", "PENDING_EXIT"] },
      orderBy: { created_at: "desc" },
      page: 1,
      limit: 10,
    });
    expect(res.status).toBe(200);
    expect(names(res.json)).toEqual(["bo", "anna"]);
    expect(res.json).toMatchObject({ count: 2, page: 1, limit: 10 });
    expect(res.json.members[0].memberships[0]).toMatchObject({ period_id: org.periodId, status: "PENDING_EXIT" });
    const byName = await paginate({ options: { period_id: org.periodId }, orderBy: { firstname: "asc" } });
    expect(names(byName.json)).toEqual(["anna", "bo", "cecilia"]);
    const all = await paginate({ orderBy: { id: "asc" }, limit: 100 });
    expect(names(all.json)).toEqual(["anna", "bo", "cecilia", "david"]);
  });

  it("validates the request", async () => {
    for (const body of [
      { orderBy: { created_at: "up" } },
      { orderBy: { password: "asc" } },
      { orderBy: { created_at: "asc", id: "asc" } },
      { options: { statuses: ["ACTIVE"] } },
      { options: { period_id: "x" } },
      { limit: 0 },
      { page: 100_001 },
    ]) {
      const res = await paginate(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_error");
    }
    expect((await paginate({}, await org.tokenFor({ modules: ["company"] }))).status).toBe(403);
    expect((await call("/v3/member/pagination", { method: "POST", body: {} })).status).toBe(401);
  });
});
