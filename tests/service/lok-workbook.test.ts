// The LOK-stöd workbook (modules/activities/services/lok-workbook.ts), read back with exceljs: a summary sheet with
// the period, the thresholds and each activity's figures, and one sheet per activity with its occasions and why one
// does not qualify; sheet names Excel accepts even when two activities' names collide once shortened.
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { operatorCaller } from "@/modules/access/services/caller";
import { createActivity } from "@/modules/activities/services/activities";
import { listOccasions, recordAttendance } from "@/modules/activities/services/occasions";
import { enrollParticipant } from "@/modules/activities/services/participants";
import { lokReport } from "@/modules/activities/services/lok-report";
import { lokReportXlsx } from "@/modules/activities/services/lok-workbook";
import { CreateActivityRequest } from "@/modules/activities/schemas/activity";
import { LokReportQuery } from "@/modules/activities/schemas/lok";
import { createMember } from "@/modules/members/services/changes";
import { CreateMemberRequest } from "@/modules/members/schemas/member";
import { makeCompany } from "../helpers";
import { uniqueEmail } from "../member-fixtures";

const op = operatorCaller();

async function readBook(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return book;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe("the LOK-stöd workbook", () => {
  it("has a summary sheet with each activity's figures and a sheet per activity with its occasions", async () => {
    // A club without memberships: its register's members count as members.
    const company = await makeCompany("LOK-boken");
    const member = async (birthdate: string, gender?: "FEMALE" | "MALE") =>
      createMember(
        op,
        CreateMemberRequest.parse({ company_id: company.id, email: uniqueEmail("xlsx"), birthdate, gender }),
      );
    const leader = await member("1995-01-01");
    const kids = [
      await member("2015-01-01", "FEMALE"),
      await member("2016-01-01", "FEMALE"),
      await member("2017-01-01"),
    ];
    const longName = "Fotboll för flickor födda 2015–2017: onsdagar";
    const rule = (weekday: number) => ({
      weekday,
      start_time: "17:30",
      duration_minutes: 60,
      from: "2026-09-01",
      to: "2026-09-14",
    });
    const football = await createActivity(
      op,
      CreateActivityRequest.parse({
        company_id: company.id,
        name: longName,
        leader_ids: [leader.id],
        schedule: [rule(3)],
      }),
    );
    await createActivity(
      op,
      CreateActivityRequest.parse({ company_id: company.id, name: `${longName} (B)`, schedule: [rule(4)] }),
    );
    for (const kid of kids) await enrollParticipant(op, football.id, kid.id);
    const [first, second] = await listOccasions(op, football.id, {});
    const present = (ids: number[]) => ids.map((member_id) => ({ member_id, status: "PRESENT" as const }));
    await recordAttendance(op, first.id, present([leader.id, ...kids.map((k) => k.id)]));
    await recordAttendance(op, second.id, present([leader.id, kids[0].id]));

    const report = await lokReport(
      op,
      LokReportQuery.parse({ company_id: company.id, from: "2026-07-01", to: "2026-12-31", lang: "en" }),
    );
    const book = await readBook(await lokReportXlsx(report, "en"));

    const names = book.worksheets.map((s) => s.name);
    expect(names).toHaveLength(3);
    expect(names[0]).toBe("Summary");
    expect(names.slice(1).every((n) => n.length <= 31)).toBe(true);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(3);

    const summary = book.getWorksheet("Summary")!;
    expect(rowValues(summary, 2)).toEqual(["Period", "2026-07-01 – 2026-12-31"]);
    expect(rowValues(summary, 3)).toEqual(["Due", "2027-02-25"]);
    const headingRow = summary.getColumn(1).values.indexOf("Activity");
    expect(rowValues(summary, headingRow)).toEqual([
      "Activity",
      "Occasions",
      "Qualifying occasions",
      "Participant-attendances counted",
      "Occasions not qualifying",
      "Counted: girls/women",
      "Counted: boys/men",
      "Counted: other gender",
      "Counted: gender not given",
    ]);
    const byActivity = new Map(report.activities.map((a) => [a.activity_id, a]));
    expect(byActivity.get(football.id)).toMatchObject({ occasions: 2, qualifying: 1, participants_counted: 3 });
    expect(rowValues(summary, headingRow + 1)).toEqual([longName, 2, 1, 3, 1, 2, 0, 0, 1]);
    expect(rowValues(summary, headingRow + 2)).toEqual([`${longName} (B)`, 2, 0, 0, 2, 0, 0, 0, 0]);
    expect(rowValues(summary, headingRow + 3)).toEqual(["Total", 4, 1, 3, 3, 2, 0, 0, 1]);

    const footballSheet = book.worksheets[1];
    expect(rowValues(footballSheet, 1)[0]).toBe("Date");
    expect(rowValues(footballSheet, 2)).toEqual(["2026-09-02", "17:30", 60, "", 3, 3, 1, "Yes", ""]);
    expect(rowValues(footballSheet, 3).slice(0, 8)).toEqual(["2026-09-09", "17:30", 60, "", 1, 1, 1, "No"]);
    expect(rowValues(footballSheet, 3)[8]).toBe("Too few participants who count: 1 (at least 3)");
    expect(book.worksheets[2].rowCount).toBe(3);
  });
});
