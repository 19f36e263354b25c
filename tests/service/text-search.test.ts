// Every search built from a user's text matches that text literally, on both databases: `%`, `_` and `\` are
// characters to find, not LIKE wildcards (a search_text of "%" matched every member). And the person searches find a
// full name, in any order, with or without accents (lib/search-text.ts), whoever wrote the member.
import crypto from "node:crypto";
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { listAuditEntries } from "@/modules/audit/services/audit";
import { type Caller, operatorCaller } from "@/modules/access/services/caller";
import { listCompanies } from "@/modules/companies/services/companies";
import { searchMembers } from "@/modules/members/services/search";
import { findMembersForList, listSubscribers, setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList, listCompaniesForLists } from "@/modules/lists/services/lists";
import { AuditQuery } from "@/modules/audit/schemas/audit";
import { MemberSearchRequest } from "@/modules/members/schemas/member";
import { SubscribersQuery } from "@/modules/lists/schemas/subscription";
import { FOLDED_LETTERS, foldForSearch, foldSql, searchTextSource } from "@/lib/search-text";
import { makeCompany } from "../helpers";

// Names holding the characters searched for, and one holding none of them.
const NAMES = ["Rabatt50%", "Under_Streck", "Back\\Slash", "Vanlig"];
let companyId: string;
let listId: number;
let caller: Caller;

beforeAll(async () => {
  const company = await makeCompany("Jokerföreningen");
  companyId = company.id;
  await db().member.createMany({
    data: NAMES.map((lastname, i) => ({
      uuid: crypto.randomUUID(),
      organizationId: companyId,
      email: `joker${i}-${companyId}@example.se`,
      firstname: "Joker",
      lastname,
    })),
  });
  const period = await db().period.create({
    data: { companyId, name: "2026", startsOn: new Date("2026-01-01"), endsOn: new Date("2026-12-31") },
  });
  const members = await db().member.findMany({ where: { organizationId: companyId } });
  await db().membership.createMany({
    data: members.map((m) => ({ memberId: m.id, companyId, periodId: period.id, status: "MEMBER" })),
  });
  caller = operatorCaller();
  listId = (await createList(caller, { name: "Jokerlistan", company_id: companyId })).id;
  for (const m of members) await setMemberSubscription(caller, listId, m.id, true);
});

const cases: [string, string[]][] = [
  ["%", ["Rabatt50%"]],
  ["_", ["Under_Streck"]],
  ["\\", ["Back\\Slash"]],
  ["ab_tt", []], // as a wildcard, _ would match the a of Rabatt
  ["50%", ["Rabatt50%"]],
];

describe("text searches match wildcards literally", () => {
  it.each(cases)("member search_text %j", async (text, expected) => {
    const page = await searchMembers(
      caller,
      MemberSearchRequest.parse({
        search_text: text,
        filters: { companies: { company_ids: [companyId], include: "ANY" } },
        limit: 100,
      }),
    );
    expect(page.members.map((m) => m.lastname).sort()).toEqual(expected);
  });

  it.each(cases)("subscribers q %j, and the members to subscribe", async (text, expected) => {
    const page = await listSubscribers(caller, listId, SubscribersQuery.parse({ q: text }));
    expect(page.subscribers.map((s) => s.lastname).sort()).toEqual(expected);
    if (text.length >= 2)
      expect((await findMembersForList(caller, listId, text)).map((m) => m.lastname).sort()).toEqual(expected);
    else expect((await findMembersForList(caller, listId, `${text}${text}`)).map((m) => m.lastname)).toEqual([]);
  });

  it("company searches and the audit log's actor and action", async () => {
    for (const q of ["%", "_"]) {
      expect(await listCompanies(caller, { q })).toEqual([]);
      expect((await listCompaniesForLists(caller, q)).companies).toEqual([]);
    }
    expect((await listAuditEntries(caller, AuditQuery.parse({ actor: "%" }))).entries).toEqual([]);
    expect((await listAuditEntries(caller, AuditQuery.parse({ action: "%" }))).entries).toEqual([]);
    expect((await listAuditEntries(caller, AuditQuery.parse({ action: "s_bscription" }))).entries).toEqual([]);
    expect((await listAuditEntries(caller, AuditQuery.parse({ action: "subscription." }))).count).toBeGreaterThan(0);
  });
});

describe("person searches: full names, any order, without accents", () => {
  const PEOPLE = [
    ["Alva", "Lindström"],
    ["Alva", "Jakobsson"],
    ["Bo", "Lindstrom"],
    ["Åsa", "Öberg"],
    ["Zoë", "Ærø-Müller"],
  ];
  let company: string;
  let list: number;

  beforeAll(async () => {
    company = (await makeCompany("Namnföreningen")).id;
    await db().member.createMany({
      data: PEOPLE.map(([firstname, lastname], i) => ({
        uuid: crypto.randomUUID(),
        organizationId: company,
        email: `person${i}-${company}@example.se`,
        firstname,
        lastname,
      })),
    });
    list = (await createList(caller, { name: "Namnlistan", company_id: company })).id;
    for (const m of await db().member.findMany({ where: { organizationId: company } }))
      await setMemberSubscription(caller, list, m.id, true);
  });

  const names: [string, string[]][] = [
    ["Alva Lindström", ["Alva Lindström"]],
    ["lindström alva", ["Alva Lindström"]],
    ["alva lindstrom", ["Alva Lindström"]],
    ["  ALVA   LINDSTRÖM ", ["Alva Lindström"]],
    ["lindstrom", ["Alva Lindström", "Bo Lindstrom"]],
    ["Lindström", ["Alva Lindström", "Bo Lindstrom"]],
    ["alva", ["Alva Jakobsson", "Alva Lindström"]],
    ["asa oberg", ["Åsa Öberg"]],
    ["ÅSA", ["Åsa Öberg"]],
    ["zoe aero-muller", ["Zoë Ærø-Müller"]],
    ["alva person0", ["Alva Lindström"]], // a word of the email
    ["alva bo", []], // every word must match
  ];
  const full = (m: { firstname: string | null; lastname: string | null }) => `${m.firstname} ${m.lastname}`;

  it.each(names)("member search_text %j", async (text, expected) => {
    const page = await searchMembers(
      caller,
      MemberSearchRequest.parse({
        search_text: text,
        filters: { companies: { company_ids: [company], include: "ANY" } },
        limit: 100,
      }),
    );
    expect(page.members.map(full).sort()).toEqual(expected);
  });

  it.each(names)("subscribers q %j, and the members to subscribe", async (text, expected) => {
    expect(
      (await listSubscribers(caller, list, SubscribersQuery.parse({ q: text }))).subscribers.map(full).sort(),
    ).toEqual(expected);
    expect((await findMembersForList(caller, list, text)).map(full).sort()).toEqual(expected);
  });

  it("the database folds every letter of the table as the search does, on insert and on change", async () => {
    const letters = Object.keys(FOLDED_LETTERS).join("");
    const member = await db().member.create({
      data: { uuid: crypto.randomUUID(), organizationId: company, firstname: letters, lastname: "ABC" },
    });
    const stored = async () => (await db().member.findUniqueOrThrow({ where: { id: member.id } })).searchText;
    expect(await stored()).toBe(`${foldForSearch(letters)} abc  `);
    await db().member.update({ where: { id: member.id }, data: { lastname: "Östlund", phone: "070-1" } });
    expect(await stored()).toBe(`${foldForSearch(letters)} ostlund  070-1`);
    await db().member.update({ where: { id: member.id }, data: { firstname: null, lastname: null, phone: null } });
    expect(await stored()).toBe("   ");
  });
});

it("the migration's triggers fold as lib/search-text.ts writes the folding, on both databases", () => {
  for (const provider of ["sqlite", "postgres"] as const) {
    const folder = fs
      .readdirSync(`prisma/${provider}/migrations`)
      .find((name) => name.endsWith("_member_search_text"))!;
    const sql = fs.readFileSync(`prisma/${provider}/migrations/${folder}/migration.sql`, "utf8");
    expect(sql).toContain(foldSql(searchTextSource("NEW"), provider));
    expect(sql).toContain(foldSql(searchTextSource(`"Member"`), provider));
  }
});
