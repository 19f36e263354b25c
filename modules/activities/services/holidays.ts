// Sweden's holidays for a year, as clubs take them off: the public holidays of the law (lag 1989:253 om allmänna
// helgdagar) plus midsommarafton, julafton and nyårsafton, which the law does not list but nobody trains on. Easter,
// Midsummer and All Saints' Day move from year to year, so the dates are computed (by date-holidays), never listed.
import { createRequire } from "node:module";
import type Holidays from "date-holidays";

interface SwedishHoliday {
  /** The day, "YYYY-MM-DD" in Swedish time. */
  date: string;
  /** Its Swedish name as date-holidays writes it, e.g. "långfredagen", "midsommarafton". */
  name: string;
}

/** The eves taken off as holidays. date-holidays (3.37) types them "bank", with these Swedish names. */
const EVES_TAKEN_OFF = new Set(["midsommarafton", "julafton", "nyårsafton"]);

/**
 * date-holidays holds every country's rules and brings its own calendars and moment-timezone: loading it costs about
 * 5 MB of heap (measured with process.memoryUsage() after gc: moment-timezone 1.5 MB, the rule parser and its
 * calendars 2.2 MB, all countries' data 1.4 MB), about 7 MB once Sweden's rules have been computed for a few years,
 * and about 35 MB of resident memory. So it is loaded on the first call, not when this module is imported: a process
 * that never plans a schedule never pays for it. A synchronous require keeps swedishHolidays synchronous.
 */
let sweden: Holidays | undefined;
function swedishRules(): Holidays {
  if (!sweden) {
    const HolidaysClass = createRequire(import.meta.url)("date-holidays") as typeof Holidays;
    sweden = new HolidaysClass("SE", { languages: ["sv"] });
  }
  return sweden;
}

/** A year's list is computed once: a schedule asks for the same one or two years for each of its dates. */
const byYear = new Map<number, readonly SwedishHoliday[]>();

/**
 * The days off in a year, by date. Two holidays can fall on one day (Kristi himmelsfärdsdag was första maj in 2008):
 * both are listed.
 */
export function swedishHolidays(year: number): SwedishHoliday[] {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`year must be 1..9999, not ${year}`);
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = swedishRules()
      .getHolidays(year)
      .filter((holiday) => holiday.type === "public" || EVES_TAKEN_OFF.has(holiday.name))
      // "2027-03-26 00:00:00": the date part is the day in Swedish time.
      .map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    byYear.set(year, holidays);
  }
  // Copies: a caller that changes its list does not change the next caller's.
  return holidays.map((holiday) => ({ ...holiday }));
}
