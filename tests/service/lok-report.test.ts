// The LOK-stöd report on the services (modules/activities/services/lok-report.ts): the company's occasions of a
// half-year from recorded attendance, with members, ages, leaders and cancellations as RF-SISU counts them, a
// company's own thresholds, and the CSV.
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { listOccasions, recordAttendance, updateOccasion } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { getLokSettings, lokReport, lokReportCsv, updateLokSettings } from "@/modules/activities/services/lok-report";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { LokReportQuery, UpdateLokSettingsRequest } from "@/modules/activities/schemas/lok";
import { createMember } from "@/modules/members/services/changes";
import { createPeriod } from "@/modules/members/services/reference";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();

async function club() {
  const company = await makeCompany("LOK-klubben");
  const period = await createPeriod(op, {
    company_id: company.id,
    name: "2026",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  });
  const member = async (
    birthdate: string,
    memberOfClub = true,
    more: { gender?: "FEMALE" | "MALE" | "OTHER"; disability?: boolean } = {},
  ) =>
    createMember(
      op,
      CreateMemberRequest.parse({
        company_id: company.id,
        email: uniqueEmail("lok"),
        birthdate,
        memberships: memberOfClub ? [{ company_id: company.id, period_id: period.id }] : [],
        ...more,
      }),
    );
  return { company, member };
}

describe("the LOK-stöd report", () => {
  it("counts members of age, needs a leader and three, names each failing rule, and totals the half-year", async () => {
    const { company, member } = await club();
    const leader = await member("1996-04-04");
    const kids = [
      await member("2017-01-01", true, { gender: "FEMALE" }),
      await member("2016-02-02", true, { gender: "MALE" }),
      await member("2019-03-03"),
    ];
    const notMember = await member("2017-05-05", false);
    const tooOld = await member("1990-06-06");
    const activity = await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: "Judo",
        leader_ids: [leader.id],
        schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-09-01", to: "2026-09-15" }],
      }),
    );
    for (const person of [...kids, notMember, tooOld]) await enrollParticipant(op, activity.id, person.id);
    const [first, second, third] = await listOccasions(op, activity.id, {});
    const present = (ids: number[]) => ids.map((member_id) => ({ member_id, status: "PRESENT" as const }));
    // The first: the leader and the two who count, plus a non-member and someone too old: 2 counted, not enough.
    await recordAttendance(op, first.id, present([leader.id, kids[0].id, kids[1].id, notMember.id, tooOld.id]));
    // The second: all three children (born 2019: turns 7 in 2026, so counted) and the leader.
    await recordAttendance(op, second.id, present([leader.id, ...kids.map((k) => k.id)]));
    await updateOccasion(op, third.id, { status: "CANCELLED" });

    const query = LokReportQuery.parse({ company_id: company.id, from: "2026-07-01", to: "2026-12-31" });
    const report = await lokReport(op, query);
    expect(report.due).toBe("2027-02-25");
    expect(report.settings.source).toBe("RF_SISU");
    expect(report.occasions.map((o) => [o.date, o.qualifies, o.participants_present, o.participants_counted])).toEqual([
      ["2026-09-01", false, 4, 2],
      ["2026-09-08", true, 3, 3],
      ["2026-09-15", false, 0, 0],
    ]);
    expect(report.occasions.map((o) => o.reasons.map((r) => r.text))).toEqual([
      ["För få deltagare som räknas: 2 (minst 3)"],
      [],
      ["Inställd"],
    ]);
    const byGender = { female: 1, male: 1, other: 0, unknown: 1 };
    expect(report.totals).toEqual({
      occasions: 3,
      qualifying: 1,
      participants_counted: 3,
      counted_by_gender: byGender,
    });
    expect(report.activities).toEqual([
      {
        activity_id: activity.id,
        name: "Judo",
        occasions: 3,
        qualifying: 1,
        participants_counted: 3,
        counted_by_gender: byGender,
      },
    ]);

    // A municipality's 90 minutes: the hour-long occasion no longer qualifies.
    await updateLokSettings(
      op,
      UpdateLokSettingsRequest.parse({
        company_id: company.id,
        min_age: 7,
        max_age: 25,
        min_participants: 3,
        min_leader_age: 13,
        min_minutes: 90,
        max_participants_per_leader: 20,
      }),
    );
    expect((await getLokSettings(op, company.id)).source).toBe("COMPANY");
    const stricter = await lokReport(op, { ...query, lang: "en" });
    expect(stricter.occasions[1].reasons.map((r) => r.text)).toEqual(["Too short: 60 minutes (at least 90)"]);

    const csv = lokReportCsv(report, "sv");
    const [heading, ...rows] = csv.slice(1).trimEnd().split("\r\n");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(heading.split(";").slice(0, 3)).toEqual(["Aktivitet", "Datum", "Start"]);
    expect(rows).toHaveLength(3);
    expect(rows[1].split(";")).toEqual(["Judo", "2026-09-08", "18:00", "60", "", "3", "3", "1", "Ja", ""]);
  });

  it("lifts the upper age for a member marked with a disability, and caps the week that straddles the period's start", async () => {
    const { company, member } = await club();
    const leader = await member("1990-01-01");
    const kids = [await member("2018-01-01"), await member("2018-02-02"), await member("2018-03-03")];
    const adult = await member("1990-05-05", true, { disability: true });
    // Monday to Thursday of one week; the report starts on the Thursday.
    const activity = await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: "Simning",
        leader_ids: [leader.id],
        schedule: [1, 2, 3, 4].map((weekday) => ({
          weekday,
          start_time: "17:00",
          duration_minutes: 60,
          from: "2026-09-07",
          to: "2026-09-10",
        })),
      }),
    );
    for (const person of [...kids, adult]) await enrollParticipant(op, activity.id, person.id);
    const occasions = await listOccasions(op, activity.id, {});
    expect(occasions).toHaveLength(4);
    const everyone = [leader, ...kids, adult].map((p) => ({ member_id: p.id, status: "PRESENT" as const }));
    for (const occasion of occasions) await recordAttendance(op, occasion.id, everyone);

    const report = await lokReport(
      op,
      LokReportQuery.parse({ company_id: company.id, from: "2026-09-10", to: "2026-09-30" }),
    );
    // The children (8 this year) used their 3 occasions on Monday to Wednesday, before the period; the adult with a
    // disability counts past 25 and has a cap of 5, but one participant is not enough.
    expect(report.occasions.map((o) => [o.date, o.participants_counted, o.reasons.map((r) => r.code)])).toEqual([
      ["2026-09-10", 1, ["TOO_FEW_PARTICIPANTS"]],
    ]);
    const before = await lokReport(
      op,
      LokReportQuery.parse({ company_id: company.id, from: "2026-09-07", to: "2026-09-09" }),
    );
    expect(before.occasions.map((o) => o.participants_counted)).toEqual([4, 4, 4]);
  });

  it("reports only the period asked for; a period that is not a half-year has no due date", async () => {
    const { company } = await club();
    const report = await lokReport(
      op,
      LokReportQuery.parse({ company_id: company.id, from: "2026-09-01", to: "2026-09-30" }),
    );
    expect(report).toMatchObject({ due: null, totals: { occasions: 0, qualifying: 0, participants_counted: 0 } });
    expect(() => LokReportQuery.parse({ company_id: company.id, from: "2026-01-01", to: "2027-06-30" })).toThrow(
      /366 days/,
    );
  });
});
