// Business rules of members on the services directly (modules/members/services/changes.ts): no server, no build. The
// inputs go through the same zod schemas the API parses them with.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { type Caller, operatorCaller } from "@/modules/access/services/caller";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { createMember, updateMember } from "@/modules/members/services/changes";
import { createMemberType, createPeriod } from "@/modules/members/services/reference";
import { paginateMembers, searchMembers } from "@/modules/members/services/search";
import { getMember } from "@/modules/members/services/members";
import { findMembersForList, setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import {
  CreateMemberRequest,
  MemberPaginationRequest,
  MemberSearchRequest,
  UpdateMemberRequest,
} from "@/modules/members/schemas/member";
import { db } from "@/lib/db";
import { makeApiKey, makeCompany } from "../helpers";

const period = (companyId: string, name = "2027") =>
  createPeriod(operatorCaller(), { company_id: companyId, name, start_date: "2027-01-01", end_date: "2027-12-31" });
const newMember = (input: unknown) => createMember(operatorCaller(), CreateMemberRequest.parse(input));

describe("members", () => {
  it("an email is unique within its organization only, compared lower-cased", async () => {
    const [first, second] = [await makeCompany("Förbund A"), await makeCompany("Förbund B")];
    await newMember({ company_id: first.id, email: "Anna@Example.org" });
    await expect(newMember({ company_id: first.id, email: "anna@example.org" })).rejects.toMatchObject({
      errors: { email: ["already used by another member of the organization"] },
    });
    expect((await newMember({ company_id: second.id, email: "anna@example.org" })).company_id).toBe(second.id);
  });

  it("a federation's periods serve its clubs; a club's own do not serve the federation or a sibling", async () => {
    const federation = await makeCompany("Förbund");
    const [club, sibling] = [
      await makeCompany("Klubb", federation.id),
      await makeCompany("Syskonklubb", federation.id),
    ];
    const [federationPeriod, siblingPeriod] = [await period(federation.id), await period(sibling.id)];

    const member = await newMember({
      company_id: federation.id,
      memberships: [{ company_id: club.id, period_id: federationPeriod.id }],
    });
    expect(member.memberships.map((m) => [m.company_id, m.period_id])).toEqual([[club.id, federationPeriod.id]]);

    await expect(
      newMember({
        company_id: federation.id,
        memberships: [
          { company_id: club.id, period_id: siblingPeriod.id },
          { company_id: federation.id, period_id: siblingPeriod.id },
        ],
      }),
    ).rejects.toMatchObject({
      errors: {
        "memberships.0.period_id": ["no such period for this company"],
        "memberships.1.period_id": ["no such period for this company"],
      },
    });
    // A membership is in the member's company or below it, never above.
    await expect(
      newMember({ company_id: club.id, memberships: [{ company_id: federation.id, period_id: federationPeriod.id }] }),
    ).rejects.toMatchObject({
      errors: { "memberships.0.company_id": ["must be the member's company or a company below it"] },
    });
  });

  it("replacing memberships replaces those in the caller's scope; memberships outside it stay", async () => {
    const federation = await makeCompany("Förbund");
    const [club, other] = [await makeCompany("Klubb", federation.id), await makeCompany("Annan klubb", federation.id)];
    const season = await period(federation.id);
    const member = await newMember({
      company_id: federation.id,
      memberships: [
        { company_id: club.id, period_id: season.id },
        { company_id: other.id, period_id: season.id },
      ],
    });
    const clubCaller = (await callerForApiKey(
      (await makeApiKey({ companyId: club.id, companyIds: [club.id, federation.id], includeDescendants: false })).id,
    ))!;

    const updated = await updateMember(clubCaller, member.id, UpdateMemberRequest.parse({ memberships: [] }));
    expect(updated.memberships.map((m) => m.company_id)).toEqual([other.id]);
  });
});

// One meaning of "in a company" (its register company, or a membership there that is not EXITED) for the
// search's companies filter, the list's add-member picker and scope; and full-name search.
describe("a member in a company", () => {
  async function world() {
    const federation = await makeCompany("Förbund");
    const [club, sub] = [await makeCompany("Klubb", federation.id), await makeCompany("Annan klubb", federation.id)];
    const season = await period(federation.id);
    // Searched as a substring of names and addresses in a database other tests share, so it must not occur in theirs:
    // `n${Date.now() % 100000}` once matched a member of another test in CI (a name or address that held those
    // characters): a random tag after an unlikely prefix.
    const tag = `zq${crypto.randomBytes(5).toString("hex")}`;
    const make = (input: Record<string, unknown>) => newMember({ company_id: federation.id, ...input });
    const people = {
      viaMembership: await make({
        firstname: "Alva",
        lastname: `Jakobsson${tag}`,
        email: `alva-${tag}@example.se`,
        memberships: [{ company_id: club.id, period_id: season.id }],
      }),
      exited: await make({
        firstname: "Bo",
        lastname: `Ek${tag}`,
        email: `bo-${tag}@example.se`,
        memberships: [{ company_id: club.id, period_id: season.id, status: "EXITED" }],
      }),
      noEmail: await make({
        firstname: "Cilla",
        lastname: `Alm${tag}`,
        memberships: [{ company_id: club.id, period_id: season.id }],
      }),
      registered: await newMember({
        company_id: club.id,
        firstname: "Åsa",
        lastname: `Öberg${tag}`,
        email: `asa-${tag}@example.se`,
      }),
      federationOnly: await make({ firstname: "Dan", lastname: `Berg${tag}`, email: `dan-${tag}@example.se` }),
      otherClub: await make({
        firstname: "Eva",
        lastname: `Lind${tag}`,
        email: `eva-${tag}@example.se`,
        memberships: [{ company_id: sub.id, period_id: season.id }],
      }),
    };
    const nameOf = new Map(Object.entries(people).map(([name, m]) => [m.id, name]));
    const names = (rows: { id?: number; member_id?: number }[]) =>
      rows.map((r) => nameOf.get(r.id ?? r.member_id!) ?? "?").sort();
    return { federation, club, sub, season, tag, people, names };
  }

  const search = (caller: Caller, input: unknown) =>
    searchMembers(caller, MemberSearchRequest.parse({ limit: 100, ...(input as object) }));

  it("search_text matches the full name either way round, case-insensitively", async () => {
    const { tag, names } = await world();
    for (const text of [
      `Alva Jakobsson${tag}`,
      `alva jakobsson${tag}`,
      `Jakobsson${tag} Alva`,
      `ALVA JAKOBSSON${tag}`,
    ]) {
      expect(names((await search(operatorCaller(), { search_text: text })).members), text).toEqual(["viaMembership"]);
    }
    expect(names((await search(operatorCaller(), { search_text: `åsa öberg${tag}` })).members)).toEqual(["registered"]);
    expect(names((await search(operatorCaller(), { search_text: `Alva Ek${tag}` })).members)).toEqual([]);
  });

  it("the companies filter: the register company, or a membership that is not EXITED; statuses apply to the membership", async () => {
    const { club, tag, names } = await world();
    const inClub = (extra: Record<string, unknown> = {}, include = "ANY") =>
      search(operatorCaller(), {
        search_text: tag,
        filters: { companies: { company_ids: [club.id], include }, member_variables: extra },
      });
    expect(names((await inClub()).members)).toEqual(["noEmail", "registered", "viaMembership"]);
    expect(names((await inClub({ statuses: ["MEMBER"] })).members)).toEqual(["noEmail", "viaMembership"]);
    expect(names((await inClub({ statuses: ["EXITED"] })).members)).toEqual(["exited"]);
    expect(names((await inClub({}, "NONE")).members)).toEqual(["exited", "federationOnly", "otherClub"]);
  });

  it("the list's add-member picker offers members in the list's company and below it who have an email", async () => {
    const { federation, club, tag, names, people } = await world();
    const clubList = await createList(operatorCaller(), { name: "Klubbens lista", company_id: club.id });
    expect(names(await findMembersForList(operatorCaller(), clubList.id, tag))).toEqual([
      "registered",
      "viaMembership",
    ]);
    expect(names(await findMembersForList(operatorCaller(), clubList.id, `Alva Jakobsson${tag}`))).toEqual([
      "viaMembership",
    ]);
    // What the picker offers can be subscribed; a federation member outside the club cannot (404 as before).
    expect(
      (await setMemberSubscription(operatorCaller(), clubList.id, people.viaMembership.id, true)).subscription?.status,
    ).toBe("SUBSCRIBED");
    await expect(
      setMemberSubscription(operatorCaller(), clubList.id, people.federationOnly.id, true),
    ).rejects.toMatchObject({ status: 404 });
    const federationList = await createList(operatorCaller(), { name: "Förbundets lista", company_id: federation.id });
    expect(names(await findMembersForList(operatorCaller(), federationList.id, tag))).toEqual([
      "exited",
      "federationOnly",
      "otherClub",
      "registered",
      "viaMembership",
    ]);
  });

  it("scope: a club's key sees and changes the members in the club, not the others; memberships outside its scope stay", async () => {
    const { club, sub, season, tag, names, people } = await world();
    const clubCaller = (await callerForApiKey((await makeApiKey({ companyId: club.id, companyIds: [club.id] })).id))!;
    expect(names((await search(clubCaller, { search_text: tag })).members)).toEqual([
      "noEmail",
      "registered",
      "viaMembership",
    ]);
    expect(names((await paginateMembers(clubCaller, MemberPaginationRequest.parse({ limit: 100 }))).members)).toEqual([
      "noEmail",
      "registered",
      "viaMembership",
    ]);
    expect((await getMember(clubCaller, people.viaMembership.id)).id).toBe(people.viaMembership.id);
    for (const outside of [people.exited, people.federationOnly, people.otherClub]) {
      await expect(getMember(clubCaller, outside.id)).rejects.toMatchObject({
        status: 404,
        message: "member not found",
      });
      await expect(
        updateMember(clubCaller, outside.id, UpdateMemberRequest.parse({ firstname: "X" })),
      ).rejects.toMatchObject({ status: 404 });
    }
    // A write: the club's key replaces the memberships in its scope; the one in the other club stays.
    const both = await newMember({
      company_id: people.federationOnly.company_id,
      lastname: `Båda${tag}`,
      memberships: [
        { company_id: club.id, period_id: season.id },
        { company_id: sub.id, period_id: season.id },
      ],
    });
    const updated = await updateMember(
      clubCaller,
      both.id,
      UpdateMemberRequest.parse({
        firstname: "Ny",
        memberships: [{ company_id: club.id, period_id: season.id, status: "PENDING_EXIT" }],
      }),
    );
    expect(updated.memberships.map((m) => [m.company_id, m.status]).sort()).toEqual(
      [
        [club.id, "PENDING_EXIT"],
        [sub.id, "MEMBER"],
      ].sort(),
    );
    expect(updated.firstname).toBe("Ny");
  });

  it("a row of the list and the search carries the memberships as the member itself does: names, times, newest first", async () => {
    const federation = await makeCompany("Tidsförbund");
    const club = await makeCompany("Tidsklubb", federation.id);
    const [season, older] = [await period(federation.id, "2027"), await period(federation.id, "2026")];
    const junior = await createMemberType(operatorCaller(), { company_id: federation.id, name: 'Junior "J" & co' });
    const tag = crypto.randomBytes(4).toString("hex");
    const member = await newMember({
      company_id: federation.id,
      lastname: `Tider${tag}`,
      memberships: [
        { company_id: club.id, period_id: older.id, member_type_id: junior.id },
        { company_id: federation.id, period_id: season.id },
      ],
    });
    // Times a millisecond apart, the newer one inserted first.
    const [first, second] = member.memberships.map((m) => m.id).sort((a, b) => a - b);
    await db().membership.update({ where: { id: first }, data: { createdAt: new Date("2027-03-01T10:00:00.457Z") } });
    await db().membership.update({ where: { id: second }, data: { createdAt: new Date("2027-03-01T10:00:00.456Z") } });
    const own = (await getMember(operatorCaller(), member.id)).memberships;
    expect(own.map((m) => m.id)).toEqual([first, second]);
    const listed = (
      await paginateMembers(operatorCaller(), MemberPaginationRequest.parse({ options: { period_id: older.id } }))
    ).members.find((m) => m.id === member.id);
    expect(listed?.memberships).toEqual(own);
    expect(listed?.memberships[0]).toMatchObject({
      created_at: "2027-03-01T10:00:00.457Z",
      member_type_name: 'Junior "J" & co',
      company_name: club.name,
    });
    expect((await search(operatorCaller(), { search_text: `Tider${tag}` })).members[0].memberships).toEqual(own);
  });
});
