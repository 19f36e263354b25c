// Moving a participant to another activity (modules/activities/services/move-participant.ts): enrolled there (or on
// its waitlist when it is full), left here, and the freed place goes to this activity's waitlist; another company's
// activity, the same activity or someone who is not a participant is refused.
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity, getActivity } from "@/modules/activities/services/activities";
import { moveParticipant } from "@/modules/activities/services/move-participant";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();

describe("moving a participant to another activity", () => {
  it("enrolls them there, frees their place here for the waitlist, and refuses what is not a move", async () => {
    const company = await makeCompany("Flyttklubben");
    const member = async () =>
      createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("move") }));
    const [anna, bo, cecilia] = [await member(), await member(), await member()];
    const activity = (name: string, capacity: number) =>
      createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name, capacity }));
    const monday = await activity("Måndagsgruppen", 1);
    const tuesday = await activity("Tisdagsgruppen", 1);
    await enrollParticipant(op, monday.id, anna.id);
    await enrollParticipant(op, monday.id, bo.id);
    await enrollParticipant(op, tuesday.id, cecilia.id);

    // Anna to Tuesday, which is full: she waits there, and Bo gets her place on Monday.
    const moved = await moveParticipant(op, { id: monday.id, member_id: anna.id, to_activity_id: tuesday.id });
    expect(moved.status_there).toBe("WAITLIST");
    const statuses = (a: typeof moved.activity) => a.participants.map((p) => [p.member_id, p.status]);
    expect(statuses(moved.activity)).toEqual([
      [bo.id, "ENROLLED"],
      [anna.id, "LEFT"],
    ]);
    expect(statuses(await getActivity(op, tuesday.id))).toEqual([
      [cecilia.id, "ENROLLED"],
      [anna.id, "WAITLIST"],
    ]);

    await expect(
      moveParticipant(op, { id: monday.id, member_id: anna.id, to_activity_id: tuesday.id }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      moveParticipant(op, { id: monday.id, member_id: bo.id, to_activity_id: monday.id }),
    ).rejects.toMatchObject({ status: 400 });
    const elsewhere = await makeCompany("Annan klubb");
    const theirs = await createActivity(op, CreateActivityRequest.parse({ company_id: elsewhere.id, name: "Deras" }));
    await expect(
      moveParticipant(op, { id: monday.id, member_id: bo.id, to_activity_id: theirs.id }),
    ).rejects.toMatchObject({ status: 400 });
    expect(statuses(await getActivity(op, monday.id))).toEqual([
      [bo.id, "ENROLLED"],
      [anna.id, "LEFT"],
    ]);
  });

  it("moves two members the opposite ways at once: both moved, in one transaction each", async () => {
    const company = await makeCompany("Bytesklubben");
    const member = async () =>
      createMember(op, CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("swap") }));
    const [anna, bo] = [await member(), await member()];
    const activity = (name: string) =>
      createActivity(op, CreateActivityRequest.parse({ company_id: company.id, name }));
    const [first, second] = [await activity("Första"), await activity("Andra")];
    await enrollParticipant(op, first.id, anna.id);
    await enrollParticipant(op, second.id, bo.id);
    await Promise.all([
      moveParticipant(op, { id: first.id, member_id: anna.id, to_activity_id: second.id }),
      moveParticipant(op, { id: second.id, member_id: bo.id, to_activity_id: first.id }),
    ]);
    const status = async (id: number) =>
      new Map((await getActivity(op, id)).participants.map((p) => [p.member_id, p.status]));
    expect(Object.fromEntries(await status(first.id))).toEqual({ [anna.id]: "LEFT", [bo.id]: "ENROLLED" });
    expect(Object.fromEntries(await status(second.id))).toEqual({ [anna.id]: "ENROLLED", [bo.id]: "LEFT" });
  });
});
