// Copying an activity to the next term (modules/activities/services/copy.ts): the weekly rules moved to the new term
// with their weekdays and times, holidays left out as the original leaves them out, leaders and details kept, and the
// participants only when asked: ENROLLED up to the capacity, the waitlist after in the original's order.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dateOfDay, epochDay } from "@/lib/calendar";
import { operatorCaller } from "@/modules/access/services/caller";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { createActivity } from "@/modules/activities/services/activities";
import { copyActivity } from "@/modules/activities/services/copy";
import { listOccasions } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { swedishHolidays } from "@/modules/activities/services/holidays";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { CopyActivityRequest } from "@/modules/activities/schemas/copy";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeApiKey, makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();
const newMember = (companyId: string) =>
  createMember(
    op,
    CreateMemberRequest.parse({ company_id: companyId, email: uniqueEmail("kopia"), birthdate: "2017-05-01" }),
  );
const copy = (id: number, input: Record<string, unknown>) => copyActivity(op, id, CopyActivityRequest.parse(input));

/** The autumn term of 2026: Tuesdays 18:00 all term, Thursdays 17:00 from September. */
async function autumnJudo(companyId: string, extra: Record<string, unknown> = {}) {
  const leader = await newMember(companyId);
  return createActivity(
    op,
    CreateActivityRequest.parse({
      company_id: companyId,
      name: "Judo 8-10 år",
      location: "Dojon",
      capacity: 20,
      leader_ids: [leader.id],
      schedule: [
        { weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-08-18", to: "2026-12-15" },
        { weekday: 4, start_time: "17:00", duration_minutes: 45, from: "2026-09-03", to: "2026-12-15" },
      ],
      except_dates: ["2026-10-27"],
      ...extra,
    }),
  );
}

/** Every date from `from` to `to` on one of the ISO weekdays, less the Swedish holidays unless `holidays` is false. */
function workingDays(from: string, to: string, weekdays: number[], skipHolidays = true): string[] {
  const holidays = new Set(skipHolidays ? swedishHolidays(2027).map((h) => h.date) : []);
  const days: string[] = [];
  for (let day = epochDay(from); day <= epochDay(to); day++) {
    const date = dateOfDay(day);
    const weekday = ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    if (weekdays.includes(weekday) && !holidays.has(date)) days.push(date);
  }
  return days;
}

describe("copying an activity to the next term", () => {
  it("moves the rules to the new term with their weekdays and times, skips the holidays, keeps details and leaders", async () => {
    const club = await makeCompany("Judoklubben");
    const autumn = await autumnJudo(club.id);
    // 2026-08-18 to 2027-01-12 is 21 weeks: the rules' dates keep their weekdays too.
    const spring = await copy(autumn.id, {
      name: "Judo 8-10 år, våren",
      from_date: "2027-01-12",
      to_date: "2027-06-08",
    });

    expect(spring.id).not.toBe(autumn.id);
    expect(spring).toMatchObject({
      company_id: club.id,
      name: "Judo 8-10 år, våren",
      location: "Dojon",
      capacity: 20,
      leader_ids: autumn.leader_ids,
      skip_holidays: true,
      except_dates: [],
      enrolled_count: 0,
    });
    expect(spring.schedule).toEqual([
      { weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2027-01-12", to: "2027-06-08", location: null },
      // It ran to the original's last day, so it runs to the new one.
      { weekday: 4, start_time: "17:00", duration_minutes: 45, from: "2027-01-28", to: "2027-06-08", location: null },
    ]);
    const occasions = await listOccasions(op, spring.id, {});
    const tuesdays = workingDays("2027-01-12", "2027-06-08", [2]);
    const thursdays = workingDays("2027-01-28", "2027-06-08", [4]);
    expect(occasions.map((o) => o.starts_at.slice(0, 10)).sort()).toEqual([...tuesdays, ...thursdays].sort());
    // Kristi himmelsfärdsdag 2027 is a Thursday, 6 May: no occasion.
    expect(occasions.some((o) => o.starts_at.startsWith("2027-05-06"))).toBe(false);
    expect(occasions.find((o) => o.starts_at.startsWith("2027-05-13"))!.starts_at).toBe("2027-05-13T17:00:00+02:00");
    expect(occasions.find((o) => o.starts_at.startsWith("2027-01-12"))!.starts_at).toBe("2027-01-12T18:00:00+01:00");
    // The original is as it was.
    expect((await listOccasions(op, autumn.id, {})).every((o) => o.starts_at < "2027")).toBe(true);

    const audit = await db().auditEntry.findFirst({ where: { objectType: "activity", objectId: String(spring.id) } });
    expect(audit).toMatchObject({ action: "activity.create", companyId: club.id });
    expect(audit!.summary).toContain(`copy of activity ${autumn.id}`);
  });

  it("keeps the term's length without to_date, and a holiday is an occasion when the original does not skip them", async () => {
    const club = await makeCompany("Simklubben");
    const autumn = await autumnJudo(club.id, { skip_holidays: false });
    // 33 weeks on: the term of 119 days from 6 April 2027.
    const summer = await copy(autumn.id, { from_date: "2027-04-06" });
    expect(summer.name).toBe("Judo 8-10 år");
    expect(summer.schedule.map((r) => [r.from, r.to])).toEqual([
      ["2027-04-06", "2027-08-03"],
      ["2027-04-22", "2027-08-03"],
    ]);
    const dates = (await listOccasions(op, summer.id, {})).map((o) => o.starts_at.slice(0, 10)).sort();
    const expected = [
      ...workingDays("2027-04-06", "2027-08-03", [2], false),
      ...workingDays("2027-04-22", "2027-08-03", [4], false),
    ].sort();
    expect(dates).toEqual(expected);
    expect(dates).toContain("2027-05-06"); // Kristi himmelsfärdsdag
  });

  it("brings the enrolled participants only when asked: ENROLLED up to the capacity, the rest waiting in order", async () => {
    const club = await makeCompany("Dansklubben");
    const autumn = await autumnJudo(club.id, { capacity: 3 });
    const kids = [];
    for (let i = 0; i < 4; i++) kids.push(await newMember(club.id));
    for (const kid of kids) await enrollParticipant(op, autumn.id, kid.id); // three ENROLLED, the fourth waiting
    expect((await copy(autumn.id, { from_date: "2027-01-12" })).participants).toEqual([]);

    const same = await copy(autumn.id, { from_date: "2027-01-12", participants: "enrolled" });
    expect(same.participants.map((p) => [p.member_id, p.status])).toEqual([
      [kids[0].id, "ENROLLED"],
      [kids[1].id, "ENROLLED"],
      [kids[2].id, "ENROLLED"],
    ]);

    // A capacity below the enrolled (stored before it was lowered: updates refuse it now) leaves the last waiting.
    await db().activity.update({ where: { id: autumn.id }, data: { capacity: 1 } });
    const smaller = await copy(autumn.id, { from_date: "2027-01-12", participants: "enrolled" });
    expect(smaller.participants.map((p) => [p.member_id, p.status])).toEqual([
      [kids[0].id, "ENROLLED"],
      [kids[1].id, "WAITLIST"],
      [kids[2].id, "WAITLIST"],
    ]);
    expect(smaller).toMatchObject({ capacity: 1, enrolled_count: 1, waitlist_count: 2 });
  });

  it("refuses another company's activity, a caller without ACTIVITY.U, and a term of a year or more", async () => {
    const club = await makeCompany("Klubben");
    const other = await makeCompany("Grannklubben");
    const theirs = await autumnJudo(other.id);
    const key = await makeApiKey({
      companyId: club.id,
      companyIds: [club.id],
      modules: ["activity"],
      permissions: ["ACTIVITY.U"],
    });
    const caller = await callerForApiKey(key.id);
    const input = CopyActivityRequest.parse({ from_date: "2027-01-12" });
    await expect(copyActivity(caller!, theirs.id, input)).rejects.toMatchObject({ status: 404 });
    const readOnly = await makeApiKey({
      companyId: other.id,
      companyIds: [other.id],
      modules: ["activity"],
      permissions: [],
    });
    await expect(copyActivity((await callerForApiKey(readOnly.id))!, theirs.id, input)).rejects.toMatchObject({
      status: 403,
    });
    expect(CopyActivityRequest.safeParse({ from_date: "2027-01-12", to_date: "2028-01-13" }).success).toBe(false);
    expect(CopyActivityRequest.safeParse({ from_date: "2027-01-12", to_date: "2027-01-11" }).success).toBe(false);
    expect(CopyActivityRequest.safeParse({ from_date: "2027-01-12", participants: "all" }).success).toBe(false);
  });
});
