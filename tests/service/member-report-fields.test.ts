// The member fields grant reports ask for (modules/members/schemas/report-fields.ts): gender, a disability and the
// personnummer, which is stored encrypted and read and written only with PERSONAL_NUMBER.U; and an erasure that keeps
// what a LOK-stöd report reads while the member's attendance backs one.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { Forbidden } from "@/lib/errors";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { listOccasions, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { createMember, eraseMember, updateMember } from "@/modules/members/services/changes";
import { getMember } from "@/modules/members/services/members";
import { CreateMemberRequest, UpdateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();
const staff = (companyId: string, permissions: string[]): Caller => ({
  ...op,
  kind: "admin_user",
  actor: "admin:staff@example.org",
  permissions: new Set(permissions),
  scope: { kind: "companies", companyIds: [companyId], includeDescendants: true },
});

describe("the member's report fields", () => {
  it("keeps gender and disability, and the personnummer encrypted for those with PERSONAL_NUMBER.U only", async () => {
    const company = await makeCompany("Personnummerklubben");
    const created = await createMember(
      op,
      CreateMemberRequest.parse({
        company_id: company.id,
        email: uniqueEmail("pnr"),
        gender: "FEMALE",
        disability: true,
        personal_number: "150312-2382",
      }),
    );
    expect(created).toMatchObject({ gender: "FEMALE", disability: true, personal_number: "20150312-2382" });
    const stored = await db().member.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored.personalNumberEncrypted).not.toContain("20150312");
    expect(stored.personalNumberEncrypted).not.toContain("2382");

    const editor = staff(company.id, ["MEMBER.U"]);
    expect(await getMember(editor, created.id)).toMatchObject({ gender: "FEMALE", personal_number: null });
    await expect(
      updateMember(editor, created.id, UpdateMemberRequest.parse({ personal_number: null })),
    ).rejects.toThrow(new Forbidden("access group lacks the PERSONAL_NUMBER.U permission"));
    // Other fields change without it, and leave the personnummer as it was.
    await updateMember(editor, created.id, UpdateMemberRequest.parse({ gender: "OTHER", disability: null }));
    const trusted = staff(company.id, ["MEMBER.U", "PERSONAL_NUMBER.U"]);
    expect(await getMember(trusted, created.id)).toMatchObject({
      gender: "OTHER",
      disability: null,
      personal_number: "20150312-2382",
    });
    await updateMember(trusted, created.id, UpdateMemberRequest.parse({ personal_number: "" }));
    expect((await getMember(trusted, created.id)).personal_number).toBeNull();
  });

  it("refuses a personnummer whose check digit or date is wrong, and an unknown gender", () => {
    for (const wrong of ["20150312-2389", "20151332-2389", "2015031-22389", "abc"]) {
      const parsed = UpdateMemberRequest.safeParse({ personal_number: wrong });
      expect(parsed.success, wrong).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ["personal_number"],
        message: "must be a personnummer, e.g. 20150312-1234",
      });
    }
    expect(UpdateMemberRequest.safeParse({ gender: "F" }).error?.issues[0].message).toBe(
      "must be one of FEMALE, MALE, OTHER",
    );
    // A samordningsnummer (the day plus 60) is a personal identity number too.
    expect(UpdateMemberRequest.parse({ personal_number: "701063-2391" }).personal_number).toBe("197010632391");
  });

  it("erasing a member who attended keeps what the grant report reads and clears the rest", async () => {
    const company = await makeCompany("Raderingsklubben");
    const member = (birthdate: string, email = uniqueEmail("erase")) =>
      createMember(
        op,
        CreateMemberRequest.parse({
          company_id: company.id,
          email,
          firstname: "Alva",
          lastname: "Ek",
          phone: "070-123 45 67",
          birthdate,
          gender: "FEMALE",
          disability: true,
          personal_number: "20150312-2382",
        }),
      );
    const [leader, attended, never] = [
      await member("1990-01-01"),
      await member("2015-03-12"),
      await member("2015-03-12"),
    ];
    const activity = await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: "Judo",
        leader_ids: [leader.id],
        schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-09-01", to: "2026-09-01" }],
      }),
    );
    await enrollParticipant(op, activity.id, attended.id);
    const [occasion] = await listOccasions(op, activity.id, {});
    await recordAttendance(op, occasion.id, [{ member_id: attended.id, status: "PRESENT" }]);

    await eraseMember(op, attended.id);
    await eraseMember(op, never.id);
    const kept = await db().member.findUniqueOrThrow({ where: { id: attended.id } });
    expect(kept).toMatchObject({
      firstname: "Alva",
      lastname: "Ek",
      birthdate: "2015-03-12",
      gender: "FEMALE",
      disability: true,
      email: null,
      phone: null,
      personalNumberEncrypted: null,
      reportRetainedUntil: new Date("2034-01-01T00:00:00Z"),
    });
    expect(await db().member.findUniqueOrThrow({ where: { id: never.id } })).toMatchObject({
      firstname: null,
      birthdate: null,
      gender: null,
      disability: null,
      personalNumberEncrypted: null,
      reportRetainedUntil: null,
    });
    await expect(getMember(op, attended.id)).rejects.toThrow("member not found");
  });
});
