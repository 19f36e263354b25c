// The demo's activities (lib/bootstrap/demo-activities.ts) on generated members: a judo group with a full roster, a
// waitlist and the attendance of its past occasions, and a swimming school still to start.
import { expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { getActivity, listActivities } from "@/modules/activities/services/activities";
import { seedDemoActivities } from "@/lib/bootstrap/demo-activities";
import { lokReport } from "@/modules/activities/services/lok-report";
import { LokReportQuery } from "@/modules/activities/schemas/lok";
import { generateMembers } from "@/lib/bootstrap/member-generator";
import { makeCompany } from "../helpers";

it("gives the club with the most children a judo group with roster, waitlist and attendance, and a swimming school", async () => {
  const op = operatorCaller();
  const club = await makeCompany("Demoklubben");
  await generateMembers(op, { company_id: club.id, members: 120, seed: 2026 });
  await seedDemoActivities(op, [club.id]);
  const activities = await listActivities(op, club.id);
  expect(activities.map((a) => a.name).sort()).toEqual(["Judo 7-17 år", "Simskola"]);
  const judo = await getActivity(op, activities.find((a) => a.name.startsWith("Judo"))!.id);
  expect(judo.enrolled_count).toBe(judo.capacity);
  expect(judo.waitlist_count).toBe(2);
  expect(judo.occasion_count).toBeGreaterThan(10);
  const recorded = await db().attendance.groupBy({
    by: ["status"],
    where: { occasion: { activityId: judo.id } },
    _count: { _all: true },
  });
  expect(recorded.map((r) => r.status).sort()).toEqual(["ABSENT", "EXCUSED", "PRESENT"]);
  const swim = activities.find((a) => a.name === "Simskola")!;
  // The swimming school is open for sign-up on the club's hosted page, the judo group is not.
  expect([swim.signup_open, judo.signup_open]).toEqual([true, false]);
  expect(await db().attendance.count({ where: { occasion: { activityId: swim.id } } })).toBe(0);

  // Generated members have a gender, so the report's figures by gender show content.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const report = await lokReport(op, LokReportQuery.parse({ company_id: club.id, from: day(-70), to: day(0) }));
  const { counted_by_gender: byGender, participants_counted: counted } = report.totals;
  expect(counted).toBeGreaterThan(0);
  expect(byGender.female + byGender.male).toBe(counted);
  expect(byGender.female).toBeGreaterThan(0);
  expect(byGender.male).toBeGreaterThan(0);
});
