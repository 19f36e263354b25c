// Activities on the services directly (modules/activities/services): a term's occasions from the schedule and a new
// plan of it, enrollment with capacity and waitlist under concurrency, attendance that is idempotent and keeps its
// history, and scope. The inputs go through the same zod schemas the API parses them with.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import {
  createActivity,
  deleteActivity,
  getActivity,
  listActivities,
  updateActivity,
} from "@/modules/activities/services/activities";
import {
  addOccasion,
  getOccasion,
  listOccasions,
  recordAttendance,
  updateOccasion,
} from "@/modules/activities/services/occasions";
import { enrollParticipant, removeParticipant } from "@/modules/activities/services/participants";
import { CreateActivityRequest, UpdateActivityRequest } from "@/modules/activities/schemas/activity";
import { AddOccasionRequest, RecordAttendanceRequest } from "@/modules/activities/schemas/occasion";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();
const newMember = (companyId: string, birthdate = "2017-05-01") =>
  createMember(op, CreateMemberRequest.parse({ company_id: companyId, email: uniqueEmail("aktivitet"), birthdate }));
const newActivity = (input: Record<string, unknown>) => createActivity(op, CreateActivityRequest.parse(input));
const attendance = (records: { member_id: number; status: string }[]) =>
  RecordAttendanceRequest.parse({ attendance: records }).attendance;

/** Tuesdays 18:00-19:00 local time through the autumn term of 2026. */
const autumnTuesdays = { weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-08-18", to: "2026-12-15" };

describe("the schedule", () => {
  it("makes a term's weekly occasions at 18:00 local time on both sides of the change to winter time", async () => {
    const company = await makeCompany("Judoklubben");
    const judo = await newActivity({ company_id: company.id, name: "Judo 8-10 år", schedule: [autumnTuesdays] });
    const occasions = await listOccasions(op, judo.id, {});
    // 18 Aug to 15 Dec 2026: 18 Tuesdays, none of them a holiday.
    expect(occasions).toHaveLength(18);
    expect(judo.occasion_count).toBe(18);
    expect(occasions[0].starts_at).toBe("2026-08-18T18:00:00+02:00");
    expect(occasions.at(-1)!.starts_at).toBe("2026-12-15T18:00:00+01:00");
    expect(occasions.at(-1)!.ends_at).toBe("2026-12-15T19:00:00+01:00");
    expect(occasions.every((o) => o.starts_at.slice(11, 16) === "18:00" && o.planned && !o.moved)).toBe(true);
  });

  it("leaves out holidays and the dates given, unless holidays are asked for", async () => {
    const company = await makeCompany("Simklubben");
    // Fridays in December 2026: 4, 11, 18 and 25 (Christmas Day).
    const fridays = { weekday: 5, start_time: "17:00", duration_minutes: 45, from: "2026-12-01", to: "2026-12-31" };
    const swim = await newActivity({
      company_id: company.id,
      name: "Simskola",
      schedule: [fridays],
      except_dates: ["2026-12-18"],
    });
    const dates = (await listOccasions(op, swim.id, {})).map((o) => o.starts_at.slice(0, 10));
    expect(dates).toEqual(["2026-12-04", "2026-12-11"]);
    await updateActivity(op, swim.id, UpdateActivityRequest.parse({ skip_holidays: false }));
    const again = (await listOccasions(op, swim.id, {})).map((o) => o.starts_at.slice(0, 10));
    expect(again).toEqual(["2026-12-04", "2026-12-11", "2026-12-25"]);
  });

  it("a new plan keeps occasions with attendance, moved ones and the past; removes future ones no longer planned", async () => {
    const company = await makeCompany("Planklubben");
    const leader = await newMember(company.id, "1990-01-01");
    // Two weeks ago, last week and next week (on Mondays); the schedule later drops all three.
    const monday = (offsetWeeks: number) => {
      const d = new Date();
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + offsetWeeks * 7);
      return d.toISOString().slice(0, 10);
    };
    const rule = { weekday: 1, start_time: "10:00", duration_minutes: 60, from: monday(-2), to: monday(2) };
    const activity = await newActivity({
      company_id: company.id,
      name: "Plan",
      schedule: [rule],
      leader_ids: [leader.id],
      skip_holidays: false,
    });
    const before = await listOccasions(op, activity.id, {});
    expect(before).toHaveLength(5);
    const [past, lastWeek, , nextWeek, inTwoWeeks] = before;
    await recordAttendance(op, lastWeek.id, attendance([{ member_id: leader.id, status: "PRESENT" }]));
    const moved = await updateOccasion(op, nextWeek.id, {
      starts_at: new Date(Date.parse(nextWeek.starts_at) + 3_600_000),
    });
    expect(moved.moved).toBe(true);

    // The rule now starts in three weeks: the future occasions it no longer gives go, unless moved by hand or attended.
    const later = { ...rule, from: monday(3), to: monday(4) };
    await updateActivity(op, activity.id, UpdateActivityRequest.parse({ schedule: [later] }));
    const after = await listOccasions(op, activity.id, {});
    const ids = after.map((o) => o.id);
    expect(ids).toContain(past.id); // in the past
    expect(ids).toContain(lastWeek.id); // has attendance
    expect(ids).toContain(nextWeek.id); // moved by hand: a person's decision outlives the schedule
    expect(ids).not.toContain(inTwoWeeks.id);
    expect(after.filter((o) => o.starts_at.slice(0, 10) >= monday(3))).toHaveLength(2);
  });

  it("refuses a schedule that would make more occasions than one activity holds", async () => {
    const company = await makeCompany("Storklubben");
    // Mornings and evenings every day of 2027: about 700 occasions, past the 400 one schedule may make.
    const twiceDaily = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) =>
      ["07:00", "18:00"].map((start_time) => ({
        ...autumnTuesdays,
        weekday,
        start_time,
        from: "2027-01-01",
        to: "2027-12-31",
      })),
    );
    await expect(
      newActivity({ company_id: company.id, name: "Varje dag", schedule: twiceDaily }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/^schedule: /),
    });
  });
});

describe("enrollment", () => {
  it("with capacity N and 3N sign-ups at once, exactly N are ENROLLED and the rest wait in order", async () => {
    const company = await makeCompany("Kapacitetsklubben");
    const capacity = 4;
    const activity = await newActivity({ company_id: company.id, name: "Fullt", capacity });
    const members = await Promise.all(Array.from({ length: capacity * 3 }, () => newMember(company.id)));
    await Promise.all(members.map((m) => enrollParticipant(op, activity.id, m.id)));
    const detail = await getActivity(op, activity.id);
    expect(detail.enrolled_count).toBe(capacity);
    expect(detail.waitlist_count).toBe(capacity * 2);
    expect(detail.participants.filter((p) => p.status === "ENROLLED")).toHaveLength(capacity);
    // The list counts each activity's own participants (one statement for all of them).
    await newActivity({ company_id: company.id, name: "Tom" });
    expect((await listActivities(op, company.id)).map((a) => [a.name, a.enrolled_count, a.waitlist_count])).toEqual([
      ["Tom", 0, 0],
      ["Fullt", capacity, capacity * 2],
    ]);

    // Enrolling again keeps the place; a place that frees goes to the first on the waitlist.
    const firstWaiting = detail.participants.find((p) => p.status === "WAITLIST")!;
    const enrolled = detail.participants.find((p) => p.status === "ENROLLED")!;
    await enrollParticipant(op, activity.id, enrolled.member_id);
    const afterLeave = await removeParticipant(op, activity.id, enrolled.member_id);
    expect(afterLeave.participants.find((p) => p.member_id === firstWaiting.member_id)!.status).toBe("ENROLLED");
    expect(afterLeave.participants.find((p) => p.member_id === enrolled.member_id)!.status).toBe("LEFT");
    expect(afterLeave.enrolled_count).toBe(capacity);

    // More room enrolls from the waitlist; less than the enrolled is refused.
    const grown = await updateActivity(op, activity.id, UpdateActivityRequest.parse({ capacity: capacity + 2 }));
    expect(grown.enrolled_count).toBe(capacity + 2);
    await expect(updateActivity(op, activity.id, UpdateActivityRequest.parse({ capacity: 1 }))).rejects.toMatchObject({
      errors: { capacity: [`must be at least the ${capacity + 2} enrolled participants`] },
    });
  });

  it("takes members of the activity's company only", async () => {
    const [club, other] = [await makeCompany("Hemklubb"), await makeCompany("Annan klubb")];
    const activity = await newActivity({ company_id: club.id, name: "Bara våra" });
    const stranger = await newMember(other.id);
    await expect(enrollParticipant(op, activity.id, stranger.id)).rejects.toMatchObject({
      errors: { member_id: ["not a member of the activity's company"] },
    });
    await expect(
      newActivity({ company_id: club.id, name: "Fel ledare", leader_ids: [stranger.id] }),
    ).rejects.toMatchObject({ errors: { "leader_ids.0": ["not a member of the activity's company"] } });
  });
});

describe("attendance", () => {
  it("is idempotent, keeps every change with who and when, and takes only leaders and participants", async () => {
    const company = await makeCompany("Närvaroklubben");
    const [leader, child, outsider] = [
      await newMember(company.id, "1985-03-03"),
      await newMember(company.id),
      await newMember(company.id),
    ];
    const activity = await newActivity({ company_id: company.id, name: "Närvaro", leader_ids: [leader.id] });
    await enrollParticipant(op, activity.id, child.id);
    const occasion = await addOccasion(
      op,
      activity.id,
      AddOccasionRequest.parse({ starts_at: "2026-09-01T18:00:00+02:00", duration_minutes: 60 }),
    );
    const records = attendance([
      { member_id: leader.id, status: "PRESENT" },
      { member_id: child.id, status: "ABSENT" },
    ]);
    await Promise.all([recordAttendance(op, occasion.id, records), recordAttendance(op, occasion.id, records)]);
    await recordAttendance(op, occasion.id, records);
    const changed = await recordAttendance(op, occasion.id, attendance([{ member_id: child.id, status: "EXCUSED" }]));
    expect(changed.attendance.map((a) => [a.member_id, a.role, a.status, a.changes, a.recorded_by])).toEqual([
      [leader.id, "LEADER", "PRESENT", 1, "cli"],
      [child.id, "PARTICIPANT", "EXCUSED", 2, "cli"],
    ]);
    const history = await db().attendanceChange.findMany({
      where: { occasionId: occasion.id, memberId: child.id },
      orderBy: { id: "asc" },
    });
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, "ABSENT"],
      ["ABSENT", "EXCUSED"],
    ]);
    await expect(
      recordAttendance(op, occasion.id, attendance([{ member_id: outsider.id, status: "PRESENT" }])),
    ).rejects.toMatchObject({ errors: { "attendance.0.member_id": ["not a leader or participant of the activity"] } });

    // Someone who left stays on the occasions they were recorded on; the activity cannot be deleted any more.
    await removeParticipant(op, activity.id, child.id);
    expect((await getOccasion(op, occasion.id)).attendance.map((a) => a.member_id)).toContain(child.id);
    await expect(deleteActivity(op, activity.id)).rejects.toMatchObject({
      status: 409,
      message: "activity has recorded attendance",
    });
  });

  it("is refused on a cancelled occasion and on a later day", async () => {
    const company = await makeCompany("Inställt");
    const child = await newMember(company.id);
    const activity = await newActivity({ company_id: company.id, name: "Inställt" });
    await enrollParticipant(op, activity.id, child.id);
    const records = attendance([{ member_id: child.id, status: "PRESENT" }]);
    const future = await addOccasion(
      op,
      activity.id,
      AddOccasionRequest.parse({
        starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        duration_minutes: 60,
      }),
    );
    await expect(recordAttendance(op, future.id, records)).rejects.toMatchObject({
      status: 409,
      message: "occasion is on a later day",
    });
    const past = await addOccasion(
      op,
      activity.id,
      AddOccasionRequest.parse({ starts_at: "2026-09-02T18:00:00+02:00", duration_minutes: 60 }),
    );
    await updateOccasion(op, past.id, { status: "CANCELLED" });
    await expect(recordAttendance(op, past.id, records)).rejects.toMatchObject({
      status: 409,
      message: "occasion is cancelled",
    });
  });
});

describe("scope", () => {
  it("another company's activity and occasion are not found; a key without ATTENDANCE.U cannot record", async () => {
    const [mine, theirs] = [await makeCompany("Min klubb"), await makeCompany("Deras klubb")];
    const activity = await newActivity({ company_id: theirs.id, name: "Deras" });
    const occasion = await addOccasion(
      op,
      activity.id,
      AddOccasionRequest.parse({ starts_at: "2026-09-03T18:00:00+02:00", duration_minutes: 60 }),
    );
    const key = await makeApiKey({
      companyId: mine.id,
      companyIds: [mine.id],
      modules: ["activity"],
      permissions: ["ACTIVITY.U"],
    });
    const caller = (await callerForApiKey(key.id))!;
    await expect(getActivity(caller, activity.id)).rejects.toMatchObject({
      status: 404,
      message: "activity not found",
    });
    await expect(getOccasion(caller, occasion.id)).rejects.toMatchObject({
      status: 404,
      message: "occasion not found",
    });
    const own = await createActivity(caller, CreateActivityRequest.parse({ company_id: mine.id, name: "Vår" }));
    const ownOccasion = await addOccasion(
      caller,
      own.id,
      AddOccasionRequest.parse({ starts_at: "2026-09-03T18:00:00+02:00", duration_minutes: 60 }),
    );
    await expect(
      recordAttendance(caller, ownOccasion.id, attendance([{ member_id: 1, status: "PRESENT" }])),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});
