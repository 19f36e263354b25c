// Plans a recurring activity's occasions ("Judo 8–10 år, tisdagar 18.00–19.00, HT 2026") from weekly rules: every
// matching date in each rule's range, at the rule's wall-clock time in the activity's time zone, less the dates the
// club takes off. Pure: no database, no clock; the same rules give the same occasions.
import { tzOffset } from "@date-fns/tz";
import { isTimeZone } from "@/modules/events/schemas/event";
import { DAY_MS, dateOfDay, epochDay, isoWeekday } from "@/lib/calendar";
import { swedishHolidays } from "./holidays";

export { swedishHolidays };

export interface WeeklyRule {
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
  /** "HH:MM", local wall-clock time in the activity's time zone. */
  start_time: string;
  duration_minutes: number;
  /** "YYYY-MM-DD", the first date (inclusive). */
  from: string;
  /** "YYYY-MM-DD", the last date (inclusive). */
  to: string;
  location?: string | null;
}

export interface PlannedOccasion {
  /** The local date "YYYY-MM-DD" in the time zone. */
  date: string;
  /** The instant it starts. */
  starts_at: Date;
  duration_minutes: number;
  /** Index of the rule that gave it. */
  rule_index: number;
  location: string | null;
}

export interface SkippedDate {
  date: string;
  rule_index: number;
  reason: "EXCEPTION" | "HOLIDAY";
  /** The holiday's Swedish name (reason HOLIDAY). */
  holiday?: string;
}

/** The most occasions one plan gives: input validation bounds the ranges; this is the last guard. */
export const MAX_PLANNED_OCCASIONS = 400;

const MINUTE_MS = 60_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Days since 1970-01-01 of a "YYYY-MM-DD" calendar date; RangeError unless it is a real one (no 2026-02-30). */
function dayNumber(date: unknown, what: string): number {
  // A date that rolls over fails the round trip.
  const day = typeof date === "string" && DATE.test(date) ? epochDay(date) : NaN;
  if (Number.isNaN(day) || dateOfDay(day) !== date)
    throw new RangeError(`${what} must be a date YYYY-MM-DD, not ${JSON.stringify(date)}`);
  return day;
}

/** The zone's UTC offset at an instant, in whole ms (tzOffset gives minutes, fractional for local mean time). */
const offsetAt = (timeZone: string, instant: number) => Math.round(tzOffset(timeZone, new Date(instant)) * MINUTE_MS);

/**
 * The instant a wall-clock time (given as ms since the epoch as if it were UTC) has in a time zone. Computed from the
 * zone's offsets rather than with TZDate's constructor, which moves a time in a spring-forward gap by the gap's length
 * (02:30 to 03:30, not to 03:00), takes the later of two instants in a fall-back hour, and for some zones answers
 * differently depending on the process's own zone.
 */
function instantOf(wallClock: number, timeZone: string): number {
  // The offsets in force a day either side bracket every offset this wall-clock time can have (no zone changes its
  // offset twice within two days).
  const offsetBefore = offsetAt(timeZone, wallClock - DAY_MS);
  const offsetAfter = offsetAt(timeZone, wallClock + DAY_MS);
  const valid = [offsetBefore, offsetAfter]
    .map((offset) => wallClock - offset)
    .filter((instant) => offsetAt(timeZone, instant) === wallClock - instant);
  // Two in a fall-back hour (02:30 happens twice): the first, as a clock read that night shows 02:30 first.
  if (valid.length > 0) return Math.min(...valid);
  // None in a spring-forward gap (02:30 never happens): the first instant after it, the change itself (03:00).
  // It lies between the two readings of the wall-clock time; bisect to the millisecond.
  let before = wallClock - offsetAfter; // still on the old offset
  let after = wallClock - offsetBefore; // already on the new one
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (offsetAt(timeZone, middle) === offsetBefore) before = middle;
    else after = middle;
  }
  return after;
}

function validRule(rule: WeeklyRule, index: number) {
  const what = `rules[${index}]`;
  if (!Number.isInteger(rule.weekday) || rule.weekday < 1 || rule.weekday > 7)
    throw new RangeError(`${what}.weekday must be 1 (Monday) ... 7 (Sunday), not ${rule.weekday}`);
  const time = typeof rule.start_time === "string" ? TIME.exec(rule.start_time) : null;
  if (!time) throw new RangeError(`${what}.start_time must be HH:MM, not ${JSON.stringify(rule.start_time)}`);
  if (!Number.isInteger(rule.duration_minutes) || rule.duration_minutes < 1 || rule.duration_minutes > 1440)
    throw new RangeError(`${what}.duration_minutes must be 1..1440, not ${rule.duration_minutes}`);
  const first = dayNumber(rule.from, `${what}.from`);
  const last = dayNumber(rule.to, `${what}.to`);
  if (last < first) throw new RangeError(`${what}.to (${rule.to}) is before from (${rule.from})`);
  return { first, last, startMs: (Number(time[1]) * 60 + Number(time[2])) * MINUTE_MS };
}

function assertTimeZone(timeZone: string) {
  if (!isTimeZone(timeZone))
    throw new RangeError(`timeZone must be an IANA time zone, e.g. Europe/Stockholm, not ${JSON.stringify(timeZone)}`);
}

/** The holidays' names by date, a year computed when a rule first reaches it. */
function holidayLookup(): (date: string) => string | undefined {
  const names = new Map<string, string>();
  const years = new Set<number>();
  return (date) => {
    const year = Number(date.slice(0, 4));
    if (!years.has(year)) {
      years.add(year);
      for (const holiday of swedishHolidays(year)) {
        const other = names.get(holiday.date);
        names.set(holiday.date, other ? `${other}, ${holiday.name}` : holiday.name);
      }
    }
    return names.get(date);
  };
}

/**
 * Every occasion the rules give, in order of start (then rule), and the dates left out. A date in exceptDates is left
 * out as EXCEPTION even when it is also a holiday. With skipHolidays (the default) Swedish public holidays and
 * midsommarafton, julafton and nyårsafton are left out as HOLIDAY. RangeError on a malformed rule, date or time zone,
 * and when there would be more than MAX_PLANNED_OCCASIONS occasions.
 */
export function planOccasions(
  rules: WeeklyRule[],
  options: { timeZone: string; exceptDates?: string[]; skipHolidays?: boolean },
): { occasions: PlannedOccasion[]; skipped: SkippedDate[] } {
  const { timeZone, exceptDates = [], skipHolidays = true } = options;
  assertTimeZone(timeZone);
  exceptDates.forEach((date, i) => dayNumber(date, `exceptDates[${i}]`));
  const exceptions = new Set(exceptDates);
  const validRules = rules.map(validRule);
  const holidayOn = skipHolidays ? holidayLookup() : () => undefined;

  const occasions: PlannedOccasion[] = [];
  const skipped: SkippedDate[] = [];
  validRules.forEach(({ first, last, startMs }, ruleIndex) => {
    const rule = rules[ruleIndex];
    const location = rule.location ?? null;
    // Day by calendar day, never by 24 hours: a week across a change of offset is an hour longer or shorter.
    for (let day = first + ((rule.weekday - isoWeekday(first) + 7) % 7); day <= last; day += 7) {
      const date = dateOfDay(day);
      if (exceptions.has(date)) {
        skipped.push({ date, rule_index: ruleIndex, reason: "EXCEPTION" });
        continue;
      }
      const holiday = holidayOn(date);
      if (holiday !== undefined) {
        skipped.push({ date, rule_index: ruleIndex, reason: "HOLIDAY", holiday });
        continue;
      }
      // Checked as they are made, so a range of centuries stops at the cap instead of planning them all.
      if (occasions.length === MAX_PLANNED_OCCASIONS)
        throw new RangeError(`the rules give more than ${MAX_PLANNED_OCCASIONS} occasions`);
      const startsAt = new Date(instantOf(day * DAY_MS + startMs, timeZone));
      occasions.push({
        date,
        starts_at: startsAt,
        duration_minutes: rule.duration_minutes,
        rule_index: ruleIndex,
        location,
      });
    }
  });

  occasions.sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || a.rule_index - b.rule_index);
  skipped.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.rule_index - b.rule_index));
  return { occasions, skipped };
}
