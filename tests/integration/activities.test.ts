// /v3 activities over HTTP on the built server: a term's activity with its schedule, enrollment with a waitlist,
// attendance sent twice by a client on a poor connection, and the 400 bodies of bad input.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers";
import { createMemberVia, makeOrganization, uniqueEmail, type Organization } from "../member-fixtures";

let org: Organization;
let token: string;
beforeAll(async () => {
  org = await makeOrganization();
  token = await org.tokenFor({
    modules: ["member", "activity"],
    permissions: ["MEMBER.U", "ACTIVITY.U", "ATTENDANCE.U"],
  });
});

const member = async (birthdate: string) =>
  (await createMemberVia(org.token, { company_id: org.rootId, email: uniqueEmail("aktivitet"), birthdate }))
    .id as number;

describe("activities", () => {
  it("plans a term, enrolls up to capacity, waitlists the rest, and records attendance once however often sent", async () => {
    const [leader, first, second] = [
      await member("1990-02-02"),
      await member("2017-03-03"),
      await member("2016-04-04"),
    ];
    const created = await call("/v3/activities", {
      method: "POST",
      token,
      body: {
        company_id: org.rootId,
        name: "Judo 8-10 år",
        capacity: 1,
        birth_year_from: 2016,
        birth_year_to: 2018,
        leader_ids: [leader],
        // Easter Monday 2026 (6 April) is a holiday; 13 April is a date of the club's own.
        schedule: [{ weekday: 1, start_time: "17:30", duration_minutes: 60, from: "2026-03-23", to: "2026-04-20" }],
        except_dates: ["2026-04-13"],
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ occasion_count: 3, leader_ids: [leader], time_zone: "Europe/Stockholm" });
    const id = created.json.id as number;
    const occasions = await call(`/v3/activities/${id}/occasions`, { token });
    expect(occasions.json.map((o: { starts_at: string }) => o.starts_at)).toEqual([
      "2026-03-23T17:30:00+01:00",
      "2026-03-30T17:30:00+02:00",
      "2026-04-20T17:30:00+02:00",
    ]);

    for (const memberId of [first, second]) {
      const enrolled = await call(`/v3/activities/${id}/participants`, {
        method: "POST",
        token,
        body: { member_id: memberId },
      });
      expect(enrolled.status).toBe(200);
    }
    const detail = await call(`/v3/activities/${id}`, { token });
    expect(detail.json.participants.map((p: { member_id: number; status: string }) => [p.member_id, p.status])).toEqual(
      [
        [first, "ENROLLED"],
        [second, "WAITLIST"],
      ],
    );

    const occasionId = occasions.json[0].id as number;
    const records = {
      attendance: [
        { member_id: first, status: "PRESENT" },
        { member_id: leader, status: "PRESENT" },
      ],
    };
    const sent = await Promise.all(
      [1, 2, 3].map(() => call(`/v3/occasions/${occasionId}/attendance`, { method: "PUT", token, body: records })),
    );
    expect(sent.map((r) => r.status)).toEqual([200, 200, 200]);
    const occasion = await call(`/v3/occasions/${occasionId}`, { token });
    expect(
      occasion.json.attendance.map((a: { role: string; status: string; changes: number }) => [
        a.role,
        a.status,
        a.changes,
      ]),
    ).toEqual([
      ["LEADER", "PRESENT", 1],
      ["PARTICIPANT", "PRESENT", 1],
    ]);
  });

  it("gives the LOK-stöd report as JSON and as a CSV file", async () => {
    const path = `company_id=${org.rootId}&from=2026-01-01&to=2026-06-30`;
    const report = await call(`/v3/lok-report?${path}`, { token });
    expect(report).toMatchObject({ status: 200, json: { due: "2026-08-25", settings: { source: "RF_SISU" } } });
    const csv = await call(`/v3/lok-report.csv?${path}&lang=en`, { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="lok-2026-01-01-2026-06-30.csv"');
    expect(csv.text.replace(/^\uFEFF/, "").split("\r\n")[0]).toMatch(/^Activity;Date;Start;Minutes;/);
    const late = await call(`/v3/lok-report?company_id=${org.rootId}&from=2026-07-01&to=2026-01-01`, { token });
    expect(late).toMatchObject({ status: 400, json: { reason: "to: must be on or after from" } });
  });

  it("answers bad input with 400 and the field, a missing activity with 404", async () => {
    const bad = await call("/v3/activities", {
      method: "POST",
      token,
      body: {
        company_id: org.rootId,
        name: "Fel",
        schedule: [{ weekday: 8, start_time: "25:00", duration_minutes: 0, from: "2026-05-01", to: "2026-04-01" }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.reason).toBe("schedule.0.weekday: must be an integer from 1 (Monday) to 7 (Sunday)");
    const notObject = await call("/v3/occasions/1/attendance", { method: "PUT", token, body: [] });
    expect(notObject.status).toBe(400);
    const missing = await call("/v3/activities/2147483647", { token });
    expect(missing).toMatchObject({ status: 404, json: { reason: "activity not found" } });
    const missingOccasion = await call("/v3/occasions/2147483647", { token });
    expect(missingOccasion).toMatchObject({ status: 404, json: { reason: "occasion not found" } });
  });
});
