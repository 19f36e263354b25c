// The member screen's bulk actions (modules/members/services/bulk.ts): the selection is read within the caller's scope
// (another organization's member ids are left out, never acted on), adding to a list follows the subscription rules
// and counts what it did not do, and the export writes the selected members for Swedish Excel.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { createMember } from "@/modules/members/services/changes";
import { addMembersToList, membersCsv, resolveMemberSelection } from "@/modules/members/services/bulk";
import { setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList } from "@/modules/lists/services/lists";
import { deactivateSubscription } from "@/modules/lists/services/subscriptions";
import { suppressAddress } from "@/modules/sendouts/services/suppressions";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";

/** A dashboard user of `companyId` (and its sub-companies) with every module and permission. */
function staffOf(companyId: string, overrides: Partial<Caller> = {}): Caller {
  return {
    ...operatorCaller(),
    kind: "admin_user",
    actor: "admin:staff@example.org",
    scope: { kind: "companies", companyIds: [companyId], includeDescendants: true },
    ...overrides,
  };
}

const stamp = () => crypto.randomBytes(4).toString("hex");
const member = async (
  companyId: string,
  fields: { email?: string | null; firstname?: string; lastname?: string } = {},
) =>
  createMember(
    operatorCaller(),
    CreateMemberRequest.parse({
      company_id: companyId,
      email: fields.email === null ? undefined : (fields.email ?? `m-${stamp()}@example.se`),
      firstname: fields.firstname ?? "Test",
      lastname: fields.lastname,
    }),
  );

async function csvText(caller: Caller, selection: Parameters<typeof membersCsv>[1], lang: "sv" | "en" = "sv") {
  let text = "";
  for await (const line of (await membersCsv(caller, selection, lang)).lines) text += line;
  return text;
}

describe("member bulk actions", () => {
  it("leaves another organization's members out of a selection by id", async () => {
    const ours = await makeCompany("Bulkföreningen");
    const theirs = await makeCompany("Grannföreningen");
    const a = await member(ours.id);
    const b = await member(ours.id);
    const foreign = await member(theirs.id);
    const staff = staffOf(ours.id);
    expect(await resolveMemberSelection(staff, { member_ids: [foreign.id, b.id, a.id, 999_999_999] })).toEqual(
      [a.id, b.id].sort((x, y) => x - y),
    );

    // Adding to a list: the foreign member is not touched, and not counted as selected.
    const list = await createList(operatorCaller(), { name: "Nyhetsbrev", company_id: ours.id });
    const result = await addMembersToList(staff, list.id, { member_ids: [a.id, foreign.id] });
    expect(result).toMatchObject({ selected: 1, added: 1, other_organization: 0 });
    expect(await db().subscription.count({ where: { memberId: foreign.id } })).toBe(0);

    // The export: the foreign member's name never appears.
    const text = await csvText(staff, { member_ids: [a.id, foreign.id] });
    expect(text).toContain(a.email!);
    expect(text).not.toContain(foreign.email!);

    // Another organization's list is not found for this caller, whatever members it names.
    const theirList = await createList(operatorCaller(), { name: "Grannens", company_id: theirs.id });
    await expect(addMembersToList(staff, theirList.id, { member_ids: [a.id] })).rejects.toMatchObject({ status: 404 });
    expect(await db().subscription.count({ where: { listId: theirList.id } })).toBe(0);
  });

  it("adds by the subscription rules and counts who was not added, and why", async () => {
    const ours = await makeCompany("Regelföreningen");
    const list = await createList(operatorCaller(), { name: "Medlemsbrev", company_id: ours.id });
    const fresh = await member(ours.id);
    const already = await member(ours.id);
    await setMemberSubscription(operatorCaller(), list.id, already.id, true);
    const leftTheList = await member(ours.id);
    await setMemberSubscription(operatorCaller(), list.id, leftTheList.id, true);
    await db().$transaction((tx) => deactivateSubscription(tx, list.id, leftTheList.id, "LINK"));
    const optedOut = await member(ours.id);
    await db().member.update({ where: { id: optedOut.id }, data: { globalOptOutAt: new Date() } });
    const suppressed = await member(ours.id);
    await suppressAddress(operatorCaller(), { company_id: ours.id, email: suppressed.email!, note: "Studsade" });
    const noEmail = await member(ours.id, { email: null });
    const staff = staffOf(ours.id);

    const ids = [fresh, already, leftTheList, optedOut, suppressed, noEmail].map((m) => m.id);
    const result = await addMembersToList(staff, list.id, { member_ids: ids });
    expect(result).toEqual({
      list_id: list.id,
      selected: 6,
      added: 1,
      already_subscribed: 1,
      opted_out: 2,
      suppressed: 1,
      no_email: 1,
      other_organization: 0,
    });
    const subscribed = await db().subscription.findMany({
      where: { listId: list.id, status: "SUBSCRIBED" },
      select: { memberId: true },
    });
    expect(subscribed.map((s) => s.memberId).sort()).toEqual([fresh.id, already.id].sort());
    expect((await db().subscriptionList.findUniqueOrThrow({ where: { id: list.id } })).activeCount).toBe(2);
    // Each addition is in the audit log, as a single one from the list screen would be.
    expect(
      await db().auditEntry.count({ where: { action: "subscription.subscribe", objectId: `${list.id}:${fresh.id}` } }),
    ).toBe(1);

    // Again: nothing more is added.
    expect(await addMembersToList(staff, list.id, { member_ids: ids })).toMatchObject({
      added: 0,
      already_subscribed: 2,
    });
  });

  it("refuses without the list's write permission", async () => {
    const ours = await makeCompany("Läsföreningen");
    const list = await createList(operatorCaller(), { name: "Läslistan", company_id: ours.id });
    const m = await member(ours.id);
    const reader = staffOf(ours.id, { permissions: new Set(["MEMBER.U"]) });
    await expect(addMembersToList(reader, list.id, { member_ids: [m.id] })).rejects.toMatchObject({ status: 403 });
    expect(await db().subscription.count({ where: { listId: list.id } })).toBe(0);
  });

  it("selects all members matching the screen's search, within scope only", async () => {
    const ours = await makeCompany("Sökföreningen");
    const theirs = await makeCompany("Andraföreningen");
    const surname = `Bulkesson${stamp()}`;
    const found = [await member(ours.id, { lastname: surname }), await member(ours.id, { lastname: surname })];
    await member(ours.id, { lastname: "Annan" });
    await member(theirs.id, { lastname: surname });
    const staff = staffOf(ours.id);
    const matching = new URLSearchParams({ q: surname }).toString();
    expect(await resolveMemberSelection(staff, { matching })).toEqual(found.map((m) => m.id).sort((x, y) => x - y));
    await expect(resolveMemberSelection(staff, { matching: "sort=nonsense" })).rejects.toMatchObject({ status: 400 });
  });

  it("exports for Swedish Excel: BOM, semicolons, headings in the staff member's language", async () => {
    const ours = await makeCompany("Exportföreningen");
    const m = await member(ours.id, { firstname: "Åsa", lastname: "=1+1" });
    const staff = staffOf(ours.id);
    const swedish = await csvText(staff, { member_ids: [m.id] });
    expect(swedish.startsWith("\uFEFF")).toBe(true);
    const [heading, row] = swedish.slice(1).split("\r\n");
    expect(heading).toBe("Medlems-id;Förnamn;Efternamn;E-post;Telefon;Födelsedatum;Medlemskap;Tillagd");
    expect(row.split(";").slice(0, 4)).toEqual([String(m.id), "Åsa", "'=1+1", m.email]);
    expect(row).toMatch(/;\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const english = await csvText(staff, { member_ids: [m.id] }, "en");
    expect(english.slice(1).split("\r\n")[0]).toBe(
      "Member id;First name;Last name;Email;Phone;Date of birth;Memberships;Added",
    );
  });
});
