// An occasion's attendance history (modules/activities/services/attendance-history.ts): each change with its from and
// to status and who made it, newest first; the same record sent again adds nothing; another company's staff see none.
import { describe, expect, it } from "vitest";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { attendanceHistory } from "@/modules/activities/services/attendance-history";
import { listOccasions, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();

describe("an occasion's attendance history", () => {
  it("lists each change newest first, and nothing for the same record sent again", async () => {
    const company = await makeCompany("Närvaroklubben");
    const kid = await createMember(
      op,
      CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("hist"), birthdate: "2016-01-01" }),
    );
    const activity = await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: "Simning",
        schedule: [{ weekday: 1, start_time: "17:00", duration_minutes: 45, from: "2026-03-02", to: "2026-03-02" }],
      }),
    );
    await enrollParticipant(op, activity.id, kid.id);
    const [occasion] = await listOccasions(op, activity.id, {});
    expect(await attendanceHistory(op, occasion.id)).toEqual([]);
    await recordAttendance(op, occasion.id, [{ member_id: kid.id, status: "ABSENT" }]);
    await recordAttendance(op, occasion.id, [{ member_id: kid.id, status: "PRESENT" }]);
    await recordAttendance(op, occasion.id, [{ member_id: kid.id, status: "PRESENT" }]);
    const history = await attendanceHistory(op, occasion.id);
    expect(history.map((c) => [c.member_id, c.from_status, c.to_status])).toEqual([
      [kid.id, "ABSENT", "PRESENT"],
      [kid.id, null, "ABSENT"],
    ]);
    expect(history[0].changed_by).toBe(op.actor);

    const outsider = await makeCompany("Annan klubb");
    const key = await makeApiKey({ companyId: outsider.id, companyIds: [outsider.id], modules: ["activity"] });
    const caller = (await callerForApiKey(key.id))!;
    await expect(attendanceHistory(caller, occasion.id)).rejects.toMatchObject({
      status: 404,
      message: "occasion not found",
    });
  });
});
