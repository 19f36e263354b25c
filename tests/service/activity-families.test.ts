// Families on the services directly: a member's guardians (same organization, never oneself, consents kept withdrawn
// on removal) and whom to write to about an activity's participants by age (modules/activities/services/contacts.ts:
// under 13 the guardians, 13-17 the participant with the guardians in copy, 18 and over the participant).
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { activityContacts, participantContactGaps, participantContacts } from "@/modules/activities/services/contacts";
import { addGuardian, listGuardians, removeGuardian } from "@/modules/activities/services/families";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();

async function openActivity() {
  const company = await makeCompany("Familjeklubben");
  const activity = await createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name: "Judo" }));
  return { company, activity };
}

describe("guardians", () => {
  it("links members of one organization only, never a member to itself, and keeps consents withdrawn on removal", async () => {
    const { company } = await openActivity();
    const other = await makeCompany("Grannklubben");
    const add = (companyId: string) =>
      createMember(op, CreateMemberRequest.parse({ company_id: companyId, email: uniqueEmail("familj") }));
    const [child, parent, stranger] = [await add(company.id), await add(company.id), await add(other.id)];
    await expect(addGuardian(op, child.id, stranger.id, "förälder")).rejects.toMatchObject({
      errors: { guardian_id: ["must be a member of the same organization"] },
    });
    await expect(addGuardian(op, child.id, child.id, "förälder")).rejects.toMatchObject({
      errors: { guardian_id: ["must be another member"] },
    });
    await addGuardian(op, child.id, parent.id, "vårdnadshavare");
    await db().guardianConsent.create({
      data: {
        guardianId: parent.id,
        childId: child.id,
        consentKey: "activity-signup-v1",
        givenAt: new Date(),
        source: "api",
      },
    });
    expect(await listGuardians(op, child.id)).toMatchObject([
      { guardian_id: parent.id, relation: "vårdnadshavare", consents: [{ source: "api", withdrawn_at: null }] },
    ]);
    expect(await removeGuardian(op, child.id, parent.id)).toEqual([]);
    const [kept] = await db().guardianConsent.findMany({ where: { childId: child.id } });
    expect(kept.withdrawnAt).not.toBeNull();
  });
});

describe("the contact rule by age", () => {
  const member = (companyId: string, birthdate: string | undefined, email: string | null) =>
    createMember(
      op,
      CreateMemberRequest.parse({
        company_id: companyId,
        ...(email ? { email } : {}),
        ...(birthdate ? { birthdate } : {}),
      }),
    );

  it("under 13: guardians only; 13-17: the child and the guardians in copy; 18 and over or unknown: the member", async () => {
    const { company, activity } = await openActivity();
    const now = new Date("2026-09-15T10:00:00Z");
    const guardian = await member(company.id, "1985-01-01", uniqueEmail("foralder"));
    const silent = await member(company.id, "1986-01-01", null);
    const twelve = await member(company.id, "2013-09-16", uniqueEmail("tolv"));
    const thirteen = await member(company.id, "2013-09-15", uniqueEmail("tretton"));
    const seventeen = await member(company.id, "2008-09-16", uniqueEmail("sjutton"));
    const eighteen = await member(company.id, "2008-09-15", uniqueEmail("arton"));
    const unknown = await member(company.id, undefined, uniqueEmail("okand"));
    const lonely = await member(company.id, "2018-01-01", null);
    for (const child of [twelve, thirteen, seventeen, eighteen, lonely])
      await addGuardian(op, child.id, guardian.id, "förälder");
    await addGuardian(op, twelve.id, silent.id, "vårdnadshavare");
    for (const m of [twelve, thirteen, seventeen, eighteen, unknown, lonely])
      await enrollParticipant(op, activity.id, m.id);
    await removeGuardian(op, lonely.id, guardian.id);

    const contacts = await activityContacts(activity.id, now);
    const of = (id: number) => contacts.filter((c) => c.participantMemberId === id).map((c) => [c.memberId, c.role]);
    expect(of(twelve.id)).toEqual([[guardian.id, "GUARDIAN"]]);
    expect(of(thirteen.id)).toEqual([
      [thirteen.id, "SELF"],
      [guardian.id, "GUARDIAN_COPY"],
    ]);
    expect(of(seventeen.id)).toEqual([
      [seventeen.id, "SELF"],
      [guardian.id, "GUARDIAN_COPY"],
    ]);
    expect(of(eighteen.id)).toEqual([[eighteen.id, "SELF"]]);
    expect(of(unknown.id)).toEqual([[unknown.id, "SELF"]]);
    expect(of(lonely.id)).toEqual([]);
    expect(contacts.find((c) => c.memberId === guardian.id)?.email).toBe(guardian.email);
    expect(await participantContacts(activity.id, now, ["WAITLIST"])).toEqual([]);

    const gaps = await participantContactGaps(activity.id, now);
    expect(gaps).toEqual([
      { participantMemberId: twelve.id, reason: "NO_GUARDIAN_CONSENT" },
      { participantMemberId: lonely.id, reason: "NO_ADDRESS" },
      { participantMemberId: lonely.id, reason: "NO_GUARDIAN_CONSENT" },
    ]);
  });
});
