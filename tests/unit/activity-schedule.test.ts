import { describe, expect, it } from "vitest";
import {
  MAX_PLANNED_OCCASIONS,
  planOccasions,
  swedishHolidays,
  type WeeklyRule,
} from "@/modules/activities/services/schedule";

const STOCKHOLM = { timeZone: "Europe/Stockholm" };

/** A rule with a term's defaults: 60 minutes, no location. */
const rule = (weekday: number, start_time: string, from: string, to: string, more: Partial<WeeklyRule> = {}) => ({
  weekday,
  start_time,
  duration_minutes: 60,
  from,
  to,
  ...more,
});

const instants = (occasions: { starts_at: Date }[]) => occasions.map((o) => o.starts_at.toISOString());

/** The instant of a one-day rule's only occasion. */
const startOf = (date: string, start_time: string, timeZone = "Europe/Stockholm") =>
  instants(planOccasions([rule(new Date(date).getUTCDay() || 7, start_time, date, date)], { timeZone }).occasions)[0];

describe("planOccasions: a term", () => {
  it("plans autumn 2026's Tuesdays at 18:00 Stockholm time, in UTC an hour later after 25 October", () => {
    const tuesdays = rule(2, "18:00", "2026-08-18", "2026-12-15", { location: "Dojon" });
    const { occasions, skipped } = planOccasions([tuesdays], STOCKHOLM);
    expect(occasions).toHaveLength(18);
    expect(skipped).toEqual([]);
    expect(occasions[0]).toEqual({
      date: "2026-08-18",
      starts_at: new Date("2026-08-18T16:00:00Z"),
      duration_minutes: 60,
      rule_index: 0,
      location: "Dojon",
    });
    // Summer time (UTC+2) until Sunday 25 October, then winter time (UTC+1): 18:00 either side.
    const beforeChange = occasions.filter((o) => o.date < "2026-10-25");
    const afterChange = occasions.filter((o) => o.date > "2026-10-25");
    expect(beforeChange).toHaveLength(10);
    expect(beforeChange.at(-1)!.date).toBe("2026-10-20");
    expect(beforeChange.every((o) => o.starts_at.toISOString() === `${o.date}T16:00:00.000Z`)).toBe(true);
    expect(afterChange).toHaveLength(8);
    expect(afterChange[0].date).toBe("2026-10-27");
    expect(afterChange.every((o) => o.starts_at.toISOString() === `${o.date}T17:00:00.000Z`)).toBe(true);
    expect(occasions.at(-1)!.date).toBe("2026-12-15");
  });

  it("leaves out spring 2027's computed holidays (Easter on 28 March) by name and keeps the days that are none", () => {
    const rules = [
      rule(1, "18:00", "2027-03-01", "2027-05-31"), // Mondays
      rule(4, "18:00", "2027-03-01", "2027-05-31"), // Thursdays
      rule(5, "17:00", "2027-03-01", "2027-05-31"), // Fridays
      rule(6, "10:00", "2027-03-01", "2027-05-31"), // Saturdays
    ];
    const { occasions, skipped } = planOccasions(rules, STOCKHOLM);
    expect(skipped).toEqual([
      { date: "2027-03-26", rule_index: 2, reason: "HOLIDAY", holiday: "långfredagen" },
      { date: "2027-03-29", rule_index: 0, reason: "HOLIDAY", holiday: "annandag påsk" },
      { date: "2027-05-01", rule_index: 3, reason: "HOLIDAY", holiday: "första maj" },
      { date: "2027-05-06", rule_index: 1, reason: "HOLIDAY", holiday: "Kristi himmelsfärdsdag" },
    ]);
    expect(occasions).toHaveLength(14 + 13 + 13 + 13 - 4);
    // Skärtorsdagen, påskafton, valborgsmässoafton and annandag pingst (no holiday since 2005) are ordinary days.
    const dates = occasions.map((o) => o.date);
    for (const date of ["2027-03-25", "2027-03-27", "2027-04-30", "2027-05-17"]) expect(dates).toContain(date);
    // Summer time starts on Easter Sunday: the Monday before is 17:00Z, the one after 16:00Z.
    expect(occasions.find((o) => o.date === "2027-03-22")!.starts_at).toEqual(new Date("2027-03-22T17:00:00Z"));
    expect(occasions.find((o) => o.date === "2027-04-05")!.starts_at).toEqual(new Date("2027-04-05T16:00:00Z"));

    const everyDate = planOccasions(rules, { ...STOCKHOLM, skipHolidays: false });
    expect(everyDate.occasions).toHaveLength(53);
    expect(everyDate.skipped).toEqual([]);
  });

  it("leaves out midsommarafton, julafton and nyårsafton, 2027's Fridays", () => {
    const fridays = rule(5, "19:00", "2027-06-01", "2027-12-31");
    const { occasions, skipped } = planOccasions([fridays], STOCKHOLM);
    expect(skipped).toEqual([
      { date: "2027-06-25", rule_index: 0, reason: "HOLIDAY", holiday: "midsommarafton" },
      { date: "2027-12-24", rule_index: 0, reason: "HOLIDAY", holiday: "julafton" },
      { date: "2027-12-31", rule_index: 0, reason: "HOLIDAY", holiday: "nyårsafton" },
    ]);
    // 31 Fridays from 4 June to 31 December.
    expect(occasions).toHaveLength(31 - 3);
    expect(occasions.map((o) => o.date)).toContain("2027-06-18");
  });

  it("names both holidays of a day that has two (Kristi himmelsfärdsdag on första maj 2008)", () => {
    const { skipped } = planOccasions([rule(4, "18:00", "2008-05-01", "2008-05-01")], STOCKHOLM);
    expect(skipped).toEqual([
      { date: "2008-05-01", rule_index: 0, reason: "HOLIDAY", holiday: "första maj, Kristi himmelsfärdsdag" },
    ]);
  });
});

describe("planOccasions: order and exceptions", () => {
  it("orders the occasions of several rules by start, then by rule", () => {
    const week = ["2026-09-07", "2026-09-13"] as const;
    const rules = [
      rule(4, "17:00", ...week, { location: "Hall B" }), // Thursday
      rule(2, "18:00", ...week, { location: "Hall A" }), // Tuesday
      rule(2, "18:00", ...week, { location: "Hall C", duration_minutes: 90 }),
      rule(2, "16:30", ...week),
    ];
    const { occasions } = planOccasions(rules, STOCKHOLM);
    expect(occasions.map((o) => `${o.date} #${o.rule_index} ${o.location} ${o.duration_minutes}`)).toEqual([
      "2026-09-08 #3 null 60",
      "2026-09-08 #1 Hall A 60",
      "2026-09-08 #2 Hall C 90",
      "2026-09-10 #0 Hall B 60",
    ]);
  });

  it("leaves out the excepted dates, as EXCEPTION even on a holiday, and ignores those no rule meets", () => {
    const rules = [rule(2, "18:00", "2026-10-13", "2026-11-03"), rule(4, "18:00", "2026-12-17", "2026-12-31")];
    const exceptDates = ["2026-10-27", "2026-10-28", "2026-12-24"]; // a Tuesday, a Wednesday, julafton (Thursday)
    const { occasions, skipped } = planOccasions(rules, { ...STOCKHOLM, exceptDates });
    expect(occasions.map((o) => o.date)).toEqual(["2026-10-13", "2026-10-20", "2026-11-03", "2026-12-17"]);
    expect(skipped).toEqual([
      { date: "2026-10-27", rule_index: 0, reason: "EXCEPTION" },
      { date: "2026-12-24", rule_index: 1, reason: "EXCEPTION" },
      { date: "2026-12-31", rule_index: 1, reason: "HOLIDAY", holiday: "nyårsafton" },
    ]);
    // Without holidays only the exceptions go.
    const withoutHolidays = planOccasions(rules, { ...STOCKHOLM, exceptDates, skipHolidays: false });
    expect(withoutHolidays.occasions).toHaveLength(5);
    expect(withoutHolidays.occasions.at(-1)!.date).toBe("2026-12-31");
    expect(withoutHolidays.skipped.map((s) => s.reason)).toEqual(["EXCEPTION", "EXCEPTION"]);
  });
});

describe("planOccasions: changes of offset", () => {
  it("moves a time in the spring-forward gap to the end of the gap (02:30 on 29 March 2026 is 03:00)", () => {
    const { occasions } = planOccasions([rule(7, "02:30", "2026-03-22", "2026-04-05")], {
      ...STOCKHOLM,
      skipHolidays: false,
    });
    expect(occasions.map((o) => o.date)).toEqual(["2026-03-22", "2026-03-29", "2026-04-05"]);
    expect(instants(occasions)).toEqual([
      "2026-03-22T01:30:00.000Z", // 02:30 UTC+1
      "2026-03-29T01:00:00.000Z", // 03:00 UTC+2, the first instant after the gap
      "2026-04-05T00:30:00.000Z", // 02:30 UTC+2
    ]);
    // Just before the gap is itself; the gap's first minute is the end of the gap too.
    expect(startOf("2026-03-29", "01:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(startOf("2026-03-29", "02:00")).toBe("2026-03-29T01:00:00.000Z");
  });

  it("takes the earlier of the two instants of a fall-back hour (02:30 on 25 October 2026 in summer time)", () => {
    const { occasions } = planOccasions([rule(7, "02:30", "2026-10-18", "2026-11-01")], STOCKHOLM);
    expect(instants(occasions)).toEqual([
      "2026-10-18T00:30:00.000Z", // 02:30 UTC+2
      "2026-10-25T00:30:00.000Z", // 02:30 UTC+2, not 01:30Z (02:30 UTC+1 an hour later)
      "2026-11-01T01:30:00.000Z", // 02:30 UTC+1
    ]);
  });

  it("handles a half-hour change and a zone west of UTC the same way", () => {
    // Lord Howe Island goes from UTC+10:30 to UTC+11 at 02:00 on 4 October 2026: 02:15 becomes 02:30.
    expect(startOf("2026-10-04", "02:15", "Australia/Lord_Howe")).toBe("2026-10-03T15:30:00.000Z");
    // New York's 01:30 on 1 November 2026 comes first in daylight time (UTC-4).
    expect(startOf("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
  });
});

describe("planOccasions: refusals", () => {
  const term = rule(2, "18:00", "2026-08-18", "2026-12-15");
  const refused: [string, Partial<WeeklyRule>, RegExp][] = [
    ["weekday 0", { weekday: 0 }, /weekday must be 1/],
    ["weekday 8", { weekday: 8 }, /weekday must be 1/],
    ["weekday 1.5", { weekday: 1.5 }, /weekday must be 1/],
    ["a time without its zero", { start_time: "8:00" }, /start_time must be HH:MM/],
    ["24:00", { start_time: "24:00" }, /start_time must be HH:MM/],
    ["18:60", { start_time: "18:60" }, /start_time must be HH:MM/],
    ["seconds", { start_time: "18:00:00" }, /start_time must be HH:MM/],
    ["duration 0", { duration_minutes: 0 }, /duration_minutes must be 1..1440/],
    ["duration 1441", { duration_minutes: 1441 }, /duration_minutes must be 1..1440/],
    ["a fractional duration", { duration_minutes: 59.5 }, /duration_minutes must be 1..1440/],
    ["30 February", { from: "2026-02-30" }, /from must be a date/],
    ["a date without zeros", { from: "2026-8-18" }, /from must be a date/],
    ["a Swedish-written date", { to: "15/12/2026" }, /to must be a date/],
    ["a date with a time", { to: "2026-12-15T00:00" }, /to must be a date/],
    ["to before from", { from: "2026-12-16" }, /to \(2026-12-15\) is before from \(2026-12-16\)/],
  ];
  it.each(refused)("refuses %s with a RangeError", (_, change, message) => {
    const call = () => planOccasions([term, { ...term, ...change }], STOCKHOLM);
    expect(call).toThrow(RangeError);
    expect(call).toThrow(message);
    expect(call).toThrow(/rules\[1\]/);
  });

  it("accepts the bounds", () => {
    const bounds = [
      rule(1, "00:00", "2026-08-17", "2026-08-17", { duration_minutes: 1 }),
      rule(7, "23:59", "2026-08-23", "2026-08-23", { duration_minutes: 1440 }),
    ];
    expect(instants(planOccasions(bounds, STOCKHOLM).occasions)).toEqual([
      "2026-08-16T22:00:00.000Z",
      "2026-08-23T21:59:00.000Z",
    ]);
  });

  it("refuses a malformed excepted date and an unknown time zone with a RangeError", () => {
    expect(() => planOccasions([term], { ...STOCKHOLM, exceptDates: ["2026-10-32"] })).toThrow(RangeError);
    expect(() => planOccasions([term], { timeZone: "Europe/Göteborg" })).toThrow(RangeError);
  });

  it(`plans at most ${MAX_PLANNED_OCCASIONS} occasions, counting only those kept`, () => {
    expect(MAX_PLANNED_OCCASIONS).toBe(400);
    const options = { ...STOCKHOLM, skipHolidays: false };
    // 400 Mondays from 5 January 2026 end on 29 August 2033.
    expect(planOccasions([rule(1, "18:00", "2026-01-05", "2033-08-29")], options).occasions).toHaveLength(400);
    const fourHundredAndOne = [rule(1, "18:00", "2026-01-05", "2033-09-05")];
    expect(() => planOccasions(fourHundredAndOne, options)).toThrow(
      new RangeError("the rules give more than 400 occasions"),
    );
    expect(planOccasions(fourHundredAndOne, { ...options, exceptDates: ["2026-01-12"] }).occasions).toHaveLength(400);
    // Two rules together, and a range of millennia, which stops at the cap rather than planning it all.
    const split = [rule(1, "18:00", "2026-01-05", "2029-11-05"), rule(1, "19:00", "2029-11-06", "2033-09-05")];
    expect(() => planOccasions(split, options)).toThrow(RangeError);
    expect(() => planOccasions([rule(3, "18:00", "1000-01-01", "9999-12-31")], STOCKHOLM)).toThrow(/more than 400/);
  });
});

describe("swedishHolidays", () => {
  it("computes 2027's days off: Easter on 28 March, Midsummer on 25–26 June, All Saints on 6 November", () => {
    expect(swedishHolidays(2027)).toEqual([
      { date: "2027-01-01", name: "nyårsdagen" },
      { date: "2027-01-06", name: "trettondedag jul" },
      { date: "2027-03-26", name: "långfredagen" },
      { date: "2027-03-28", name: "påskdagen" },
      { date: "2027-03-29", name: "annandag påsk" },
      { date: "2027-05-01", name: "första maj" },
      { date: "2027-05-06", name: "Kristi himmelsfärdsdag" },
      { date: "2027-05-16", name: "pingstdagen" },
      { date: "2027-06-06", name: "nationaldagen" },
      { date: "2027-06-25", name: "midsommarafton" },
      { date: "2027-06-26", name: "midsommardagen" },
      { date: "2027-11-06", name: "alla helgons dag" },
      { date: "2027-12-24", name: "julafton" },
      { date: "2027-12-25", name: "juldagen" },
      { date: "2027-12-26", name: "annandag jul" },
      { date: "2027-12-31", name: "nyårsafton" },
    ]);
  });

  it("moves the moving holidays with the year (2026: Easter on 5 April, Midsummer on 19 June)", () => {
    const dates = new Map(swedishHolidays(2026).map((h) => [h.name, h.date]));
    expect(dates.get("påskdagen")).toBe("2026-04-05");
    expect(dates.get("midsommarafton")).toBe("2026-06-19");
    expect(dates.get("alla helgons dag")).toBe("2026-10-31");
  });

  it("gives each caller its own list", () => {
    swedishHolidays(2027).pop()!.name = "changed";
    expect(swedishHolidays(2027).at(-1)).toEqual({ date: "2027-12-31", name: "nyårsafton" });
    expect(() => swedishHolidays(2027.5)).toThrow(RangeError);
  });
});
