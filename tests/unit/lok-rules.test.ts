// LOK-stöd's rules engine: the worked example (each rule failed once and passed at its boundary), the weekly caps,
// the time zone, the order, the half-years and the treasurer's texts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  RF_SISU_THRESHOLDS,
  evaluateLok,
  lokHalfYear,
  lokNotCountedText,
  lokReasonText,
  type LokNotCounted,
  type LokOccasionInput,
  type LokOccasionResult,
  type LokPerson,
  type LokReason,
} from "@/modules/activities/services/lok-rules";

const TZ = "Europe/Stockholm";
const T = RF_SISU_THRESHOLDS;

const person = (member_id: number, birthdate: string | null, more: Partial<LokPerson> = {}): LokPerson => ({
  member_id,
  birthdate,
  disability: false,
  member: true,
  ...more,
});
let nextId = 10_000;
/** Members aged 12 in 2026 whom no other occasion has: they never reach a weekly cap. */
const fresh = (n: number) => Array.from({ length: n }, () => person(nextId++, "2014-05-01"));
const LEADER = person(1, "1990-01-01");

function occasion(occasion_id: number, startsAt: string, more: Partial<LokOccasionInput> = {}): LokOccasionInput {
  return {
    occasion_id,
    activity_id: 1,
    starts_at: new Date(startsAt),
    duration_minutes: 60,
    cancelled: false,
    participants: more.participants ?? fresh(3),
    leaders: [LEADER],
    ...more,
  };
}
const one = (input: LokOccasionInput) => evaluateLok([input], T, TZ)[0];
const entry = (result: LokOccasionResult, member_id: number) =>
  result.participants.find((participant) => participant.member_id === member_id);
/** One member's verdict in each result, in order: "counted" or their not_counted. */
const verdicts = (results: LokOccasionResult[], member_id: number) =>
  results.map((result) => {
    const found = entry(result, member_id);
    return found?.counted ? "counted" : found?.not_counted;
  });

// A Saturday in January: the birth-year rule shows, as nobody born late in a year has had their birthday yet.
const DAY = "2026-01-10T17:00:00+01:00";

describe("the worked example: each rule failed once and passed at its boundary", () => {
  const third = (birthdate: string | null, more: Partial<LokPerson> = {}) => [...fresh(2), person(3, birthdate, more)];
  const rows: [
    string,
    Partial<LokOccasionInput>,
    Pick<LokOccasionResult, "qualifies" | "reasons" | "counted_participants" | "counted_leaders">,
    { member_id: number; counted: boolean; not_counted?: LokNotCounted }?,
  ][] = [
    ["exactly 45 minutes", { duration_minutes: 45 }, ok(3)],
    ["44 minutes", { duration_minutes: 44 }, fails(3, 1, { code: "TOO_SHORT", minutes: 44, min: 45 })],
    ["exactly 3 participants", {}, ok(3)],
    ["2 participants", { participants: fresh(2) }, fails(2, 1, { code: "TOO_FEW_PARTICIPANTS", counted: 2, min: 3 })],
    ["a leader who turns 13 this year, 12 on the day", { leaders: [person(2, "2013-12-31")] }, ok(3)],
    ["a leader who turns 12 this year", { leaders: [person(2, "2014-01-01")] }, fails(3, 0, noLeader())],
    ["a leader without a birthdate", { leaders: [person(2, null)] }, fails(3, 0, noLeader())],
    ["no leader", { leaders: [] }, fails(3, 0, noLeader())],
    ["two leaders, one of them 12", { leaders: [LEADER, person(2, "2014-06-01")] }, ok(3, 1)],
    [
      "a participant who turns 7 this year, 6 on the day",
      { participants: third("2019-12-31") },
      ok(3),
      { member_id: 3, counted: true },
    ],
    [
      "a participant who turns 6 this year",
      { participants: third("2020-01-01") },
      fails(2, 1, tooFew(2)),
      { member_id: 3, counted: false, not_counted: "AGE" },
    ],
    [
      "a participant who turns 25 this year",
      { participants: third("2001-12-31") },
      ok(3),
      { member_id: 3, counted: true },
    ],
    [
      "a participant who turns 26 this year",
      { participants: third("2000-01-01") },
      fails(2, 1, tooFew(2)),
      { member_id: 3, counted: false, not_counted: "AGE" },
    ],
    [
      "a participant who turns 26 this year, with a disability",
      { participants: third("2000-01-01", { disability: true }) },
      ok(3),
      { member_id: 3, counted: true },
    ],
    [
      "a participant of 60 with a disability",
      { participants: third("1966-03-01", { disability: true }) },
      ok(3),
      { member_id: 3, counted: true },
    ],
    [
      "a participant who turns 6 this year, with a disability: the lower age still holds",
      { participants: third("2020-02-01", { disability: true }) },
      fails(2, 1, tooFew(2)),
      { member_id: 3, counted: false, not_counted: "AGE" },
    ],
    [
      "a participant without a birthdate",
      { participants: third(null) },
      fails(2, 1, tooFew(2)),
      { member_id: 3, counted: false, not_counted: "NO_BIRTHDATE" },
    ],
    [
      "a participant who is not a member",
      { participants: third("2014-01-01", { member: false }) },
      fails(2, 1, tooFew(2)),
      { member_id: 3, counted: false, not_counted: "NOT_MEMBER" },
    ],
    ["exactly 20 on one leader", { participants: fresh(20) }, ok(20)],
    ["21 on one leader", { participants: fresh(21) }, fails(21, 1, tooMany(21, 1))],
    ["40 on two leaders", { participants: fresh(40), leaders: [LEADER, person(2, "2000-01-01")] }, ok(40, 2)],
    [
      "41 on two leaders",
      { participants: fresh(41), leaders: [LEADER, person(2, "2000-01-01")] },
      fails(41, 2, tooMany(41, 2)),
    ],
    [
      "21 on a leader and a 12-year-old leader, who does not count",
      { participants: fresh(21), leaders: [LEADER, person(2, "2014-06-01")] },
      fails(21, 1, tooMany(21, 1)),
    ],
    [
      "cancelled, and also short and empty: cancelled only",
      { cancelled: true, duration_minutes: 10, participants: [], leaders: [] },
      { qualifies: false, reasons: [{ code: "CANCELLED" }], counted_participants: 0, counted_leaders: 0 },
    ],
    [
      "cancelled with people present: nobody counted, and no reason per person",
      { cancelled: true, participants: third("2014-01-01") },
      { qualifies: false, reasons: [{ code: "CANCELLED" }], counted_participants: 0, counted_leaders: 0 },
      { member_id: 3, counted: false },
    ],
    [
      "short, too few and no leader: every failing rule",
      { duration_minutes: 30, participants: fresh(2), leaders: [] },
      fails(2, 0, { code: "TOO_SHORT", minutes: 30, min: 45 }, tooFew(2), noLeader()),
    ],
    [
      "short and too many per leader",
      { duration_minutes: 30, participants: fresh(21) },
      fails(21, 1, { code: "TOO_SHORT", minutes: 30, min: 45 }, tooMany(21, 1)),
    ],
    [
      "a leader listed as participant too counts as leader only",
      { participants: [...fresh(3), person(5, "2006-03-01")], leaders: [person(5, "2006-03-01")] },
      ok(3),
      { member_id: 5, counted: false, not_counted: "LEADER" },
    ],
    [
      "so two participants and a leader listed as a third are too few",
      { participants: [...fresh(2), person(5, "2006-03-01")], leaders: [person(5, "2006-03-01")] },
      fails(2, 1, tooFew(2)),
      { member_id: 5, counted: false, not_counted: "LEADER" },
    ],
  ];

  it.each(rows)("%s", (_name, more, expected, participant) => {
    const result = one(occasion(1, DAY, more));
    expect({
      qualifies: result.qualifies,
      reasons: result.reasons,
      counted_participants: result.counted_participants,
      counted_leaders: result.counted_leaders,
    }).toEqual(expected);
    expect(result.date).toBe("2026-01-10");
    if (participant) expect(entry(result, participant.member_id)).toEqual(participant);
  });

  it("counts a participant listed twice once, with one entry", () => {
    const [a, b] = fresh(2);
    const result = one(occasion(1, DAY, { participants: [a, b, a] }));
    expect(result.counted_participants).toBe(2);
    expect(result.participants.map((p) => p.member_id)).toEqual([a.member_id, b.member_id]);
  });

  it("uses a company's own thresholds: a municipality's 60 minutes, and no weekly caps", () => {
    const municipal = { ...T, min_minutes: 60, weekly_caps: [] };
    expect(evaluateLok([occasion(1, DAY, { duration_minutes: 59 })], municipal, TZ)[0].reasons).toEqual([
      { code: "TOO_SHORT", minutes: 59, min: 60 },
    ]);
    const kid = person(3, "2017-06-01");
    const week = [12, 13, 14, 15, 16, 17, 18].map((day, i) =>
      occasion(i + 1, `2026-01-${day}T17:00:00+01:00`, { participants: [kid, ...fresh(3)] }),
    );
    expect(verdicts(evaluateLok(week, municipal, TZ), 3)).toEqual(Array(7).fill("counted"));
  });

  it("holds RF-SISU's numbers as the default, frozen", () => {
    expect(T).toEqual({
      min_age: 7,
      max_age: 25,
      min_participants: 3,
      min_leader_age: 13,
      min_minutes: 45,
      max_participants_per_leader: 20,
      weekly_caps: [
        { from_age: 7, to_age: 9, cap: 3 },
        { from_age: 10, to_age: 25, cap: 5 },
      ],
    });
    expect(Object.isFrozen(T) && Object.isFrozen(T.weekly_caps) && Object.isFrozen(T.weekly_caps[0])).toBe(true);
  });
});

function ok(participants: number, leaders = 1) {
  return { qualifies: true, reasons: [], counted_participants: participants, counted_leaders: leaders };
}
function fails(participants: number, leaders: number, ...reasons: LokReason[]) {
  return { qualifies: false, reasons, counted_participants: participants, counted_leaders: leaders };
}
function tooFew(counted: number): LokReason {
  return { code: "TOO_FEW_PARTICIPANTS", counted, min: 3 };
}
function noLeader(): LokReason {
  return { code: "NO_LEADER", min_age: 13 };
}
function tooMany(participants: number, leaders: number): LokReason {
  return { code: "TOO_MANY_PER_LEADER", participants, leaders, max: 20 };
}

/** Occasions at 18:00 Stockholm time (winter) on the given days of 2026, each with the member and three fresh ones. */
function series(member: LokPerson, days: string[], first = 1): LokOccasionInput[] {
  return days.map((day, i) =>
    occasion(first + i, `${day}T18:00:00+01:00`, { activity_id: 1 + (i % 2), participants: [member, ...fresh(3)] }),
  );
}

describe("the weekly cap, per participant per ISO week, across activities", () => {
  it("counts a 9-year-old in 3 occasions a week: the 4th does not count them, the next Monday does", () => {
    const kid = person(3, "2017-06-01");
    const results = evaluateLok(
      series(kid, ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-16"]),
      T,
      TZ,
    );
    expect(verdicts(results, 3)).toEqual(["counted", "counted", "counted", "WEEKLY_CAP", "counted"]);
    expect(results.map((r) => [r.qualifies, r.counted_participants])).toEqual([
      [true, 4],
      [true, 4],
      [true, 4],
      [true, 3],
      [true, 4],
    ]);
  });

  it("counts a 10-year-old in 5 occasions a week: the 6th does not count them", () => {
    const kid = person(3, "2016-06-01");
    const days = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"];
    expect(verdicts(evaluateLok(series(kid, days), T, TZ), 3)).toEqual([...Array(5).fill("counted"), "WEEKLY_CAP"]);
  });

  it("gives someone with a disability past every band the highest band's cap", () => {
    const adult = person(3, "1980-06-01", { disability: true });
    const days = ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13", "2026-03-14"];
    expect(verdicts(evaluateLok(series(adult, days), T, TZ), 3)).toEqual([...Array(5).fill("counted"), "WEEKLY_CAP"]);
  });

  it("lets the cap drop an occasion below 3 participants", () => {
    const kid = person(3, "2017-06-01");
    const input = series(kid, ["2026-03-09", "2026-03-10", "2026-03-11"]);
    input.push(occasion(4, "2026-03-12T18:00:00+01:00", { participants: [kid, ...fresh(2)] }));
    const last = evaluateLok(input, T, TZ)[3];
    expect(last.qualifies).toBe(false);
    expect(last.reasons).toEqual([tooFew(2)]);
    expect(entry(last, 3)).toEqual({ member_id: 3, counted: false, not_counted: "WEEKLY_CAP" });
  });

  it("takes nothing from the week for an occasion that does not qualify", () => {
    const kid = person(3, "2017-06-01");
    const input = series(kid, ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"]);
    input[0].duration_minutes = 30;
    const results = evaluateLok(input, T, TZ);
    expect(results.map((r) => r.qualifies)).toEqual([false, true, true, true, true]);
    // Counted in the short one's tally, yet the three after it still count them: it used none of the three.
    expect(verdicts(results, 3)).toEqual(["counted", "counted", "counted", "counted", "WEEKLY_CAP"]);
  });

  it("keeps one week across a month's end, in the time zone: Monday 00:30 is a new week though UTC says Sunday", () => {
    const kid = person(3, "2017-06-01");
    const input = [
      ...series(kid, ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-05"]),
      occasion(5, "2026-04-06T00:30:00+02:00", { participants: [kid, ...fresh(3)] }),
    ];
    const results = evaluateLok(input, T, TZ);
    expect(results.map((r) => r.date)).toEqual(["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-05", "2026-04-06"]);
    expect(verdicts(results, 3)).toEqual(["counted", "counted", "counted", "WEEKLY_CAP", "counted"]);
    // Read in UTC the last one falls on Sunday, in the week where the cap is reached.
    expect(verdicts(evaluateLok(input, T, "UTC"), 3)[4]).toBe("WEEKLY_CAP");
  });

  it("keeps one week across a year's end", () => {
    const teen = person(3, "2010-06-01");
    const days = ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-04"];
    expect(verdicts(evaluateLok(series(teen, days), T, TZ), 3)).toEqual([
      ...Array(5).fill("counted"),
      "WEEKLY_CAP",
      "counted",
    ]);
  });

  it("caps by the age in each occasion's year: a 9-year-old turning 10 on New Year's Day gets two more that week", () => {
    const kid = person(3, "2017-06-01");
    const days = ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"];
    expect(verdicts(evaluateLok(series(kid, days), T, TZ), 3)).toEqual([
      "counted",
      "counted",
      "counted",
      "WEEKLY_CAP",
      "counted",
      "counted",
      "WEEKLY_CAP",
    ]);
  });
});

describe("time zone and order", () => {
  it("reads the date and the age's year in the time zone", () => {
    const input = occasion(1, "2026-12-31T23:30:00Z", { participants: [...fresh(3), person(3, "2001-06-01")] });
    const stockholm = one(input);
    expect(stockholm.date).toBe("2027-01-01");
    expect(entry(stockholm, 3)).toEqual({ member_id: 3, counted: false, not_counted: "AGE" }); // 26 in 2027
    const utc = evaluateLok([input], T, "UTC")[0];
    expect(utc.date).toBe("2026-12-31");
    expect(entry(utc, 3)).toEqual({ member_id: 3, counted: true }); // 25 in 2026
  });

  it("processes and returns the occasions by time, then occasion_id, whatever the input's order", () => {
    const kid = person(3, "2017-06-01");
    const input = series(kid, ["2026-03-09", "2026-03-10", "2026-03-11", "2026-03-12"]);
    const results = evaluateLok([...input].reverse(), T, TZ);
    expect(results.map((r) => r.occasion_id)).toEqual([1, 2, 3, 4]);
    expect(verdicts(results, 3)).toEqual(["counted", "counted", "counted", "WEEKLY_CAP"]);

    // Two at the same time: the lower occasion_id goes first and takes the last place in the week.
    const tied = [
      ...series(kid, ["2026-03-09", "2026-03-10"]),
      occasion(7, "2026-03-11T18:00:00+01:00", { participants: [kid, ...fresh(3)] }),
      occasion(6, "2026-03-11T18:00:00+01:00", { participants: [kid, ...fresh(3)] }),
    ];
    const tiedResults = evaluateLok(tied, T, TZ);
    expect(tiedResults.map((r) => r.occasion_id)).toEqual([1, 2, 6, 7]);
    expect(verdicts(tiedResults, 3)).toEqual(["counted", "counted", "counted", "WEEKLY_CAP"]);
  });

  it("gives the same answer for any order of the same occasions", () => {
    const kid = person(3, "2017-06-01");
    const teen = person(4, "2010-06-01");
    const days = ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-04"];
    const input = [...series(kid, days), ...series(teen, days, 20)];
    input[2].duration_minutes = 30;
    const expected = evaluateLok(input, T, TZ);
    fc.assert(
      fc.property(fc.shuffledSubarray(input, { minLength: input.length }), (shuffled) => {
        expect(evaluateLok(shuffled, T, TZ)).toEqual(expected);
      }),
    );
  });

  it("runs the bench's size, 500 activities × 40 occasions × 20 participants, with the caps applied", () => {
    // Three occasions a week per activity (Mon, Wed, Fri); each member is in two activities: six a week, capped at 5.
    const input: LokOccasionInput[] = [];
    const attendances = new Map<string, number>();
    for (let a = 0; a < 500; a++) {
      const members = Array.from({ length: 20 }, (_, j) => person(a * 10 + j, "2012-03-01"));
      for (let k = 0; k < 40; k++) {
        const week = Math.floor(k / 3);
        const startsAt = new Date(Date.UTC(2026, 0, 5 + week * 7 + (k % 3) * 2, 16));
        input.push({
          occasion_id: a * 40 + k + 1,
          activity_id: a + 1,
          starts_at: startsAt,
          duration_minutes: 60,
          cancelled: false,
          participants: members,
          leaders: [person(1_000_000 + a, "1990-01-01")],
        });
        for (const m of members)
          attendances.set(`${m.member_id}:${week}`, (attendances.get(`${m.member_id}:${week}`) ?? 0) + 1);
      }
    }
    const expected = [...attendances.values()].reduce((sum, n) => sum + Math.min(n, 5), 0);
    const results = evaluateLok(input, T, TZ);
    expect(results).toHaveLength(20_000);
    expect(results.every((r) => r.qualifies)).toBe(true);
    expect(expected).toBeLessThan(400_000); // the caps bite
    expect(results.reduce((sum, r) => sum + r.counted_participants, 0)).toBe(expected);
  });
});

describe("the half-years", () => {
  it.each([
    ["2026-01-01", { from: "2026-01-01", to: "2026-06-30", due: "2026-08-25" }],
    ["2026-03-15", { from: "2026-01-01", to: "2026-06-30", due: "2026-08-25" }],
    ["2026-06-30", { from: "2026-01-01", to: "2026-06-30", due: "2026-08-25" }],
    ["2026-07-01", { from: "2026-07-01", to: "2026-12-31", due: "2027-02-25" }],
    ["2026-12-31", { from: "2026-07-01", to: "2026-12-31", due: "2027-02-25" }],
  ])("%s is reported in %o", (date, expected) => {
    expect(lokHalfYear(date)).toEqual(expected);
  });

  it.each(["2026-13-01", "2026-00-10", "26-01-01", ""])("refuses %j", (date) => {
    expect(() => lokHalfYear(date)).toThrow(RangeError);
  });
});

describe("the texts", () => {
  it.each<[LokReason, string, string]>([
    [{ code: "CANCELLED" }, "Inställd", "Cancelled"],
    [
      { code: "TOO_SHORT", minutes: 40, min: 45 },
      "För kort: 40 minuter (minst 45)",
      "Too short: 40 minutes (at least 45)",
    ],
    [{ code: "TOO_SHORT", minutes: 1, min: 60 }, "För kort: 1 minut (minst 60)", "Too short: 1 minute (at least 60)"],
    [
      { code: "TOO_FEW_PARTICIPANTS", counted: 2, min: 3 },
      "För få deltagare som räknas: 2 (minst 3)",
      "Too few participants who count: 2 (at least 3)",
    ],
    [{ code: "NO_LEADER", min_age: 13 }, "Ingen ledare som är 13 år eller äldre", "No leader aged 13 or older"],
    [
      { code: "TOO_MANY_PER_LEADER", participants: 45, leaders: 2, max: 20 },
      "För många deltagare per ledare: 45 på 2 ledare (högst 20 per ledare)",
      "Too many participants per leader: 45 with 2 leaders (at most 20 per leader)",
    ],
    [
      { code: "TOO_MANY_PER_LEADER", participants: 21, leaders: 1, max: 20 },
      "För många deltagare per ledare: 21 på 1 ledare (högst 20 per ledare)",
      "Too many participants per leader: 21 with 1 leader (at most 20 per leader)",
    ],
  ])("%o reads %j", (reason, sv, en) => {
    expect(lokReasonText(reason, "sv")).toBe(sv);
    expect(lokReasonText(reason, "en")).toBe(en);
  });

  it.each<[LokNotCounted, string, string]>([
    ["AGE", "Utanför åldern", "Outside the age range"],
    ["NO_BIRTHDATE", "Födelsedatum saknas", "Birth date missing"],
    ["NOT_MEMBER", "Inte medlem", "Not a member"],
    ["WEEKLY_CAP", "Veckotaket nått", "Weekly cap reached"],
    ["LEADER", "Räknas som ledare", "Counted as a leader"],
  ])("%s reads %j", (reason, sv, en) => {
    expect(lokNotCountedText(reason, "sv")).toBe(sv);
    expect(lokNotCountedText(reason, "en")).toBe(en);
  });
});
