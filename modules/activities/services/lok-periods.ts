// The calendar of LOK-stöd: an occasion's local date and ISO week, and the half-years RF-SISU's reports cover. Pure.
import { epochDay, isoWeekday } from "@/lib/calendar";

/** A reader of instants as local dates (YYYY-MM-DD) in one time zone; one per evaluation, not one per occasion. */
export function localDateReader(timeZone: string): (instant: Date) => string {
  // sv-SE writes dates as YYYY-MM-DD, as lib/calendar.ts relies on too.
  const format = new Intl.DateTimeFormat("sv-SE", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (instant) => format.format(instant);
}

/**
 * The ISO week (Monday to Sunday) of a local date, as the day number of its Monday: one number names the week
 * whatever month or year it straddles, so 2026-12-31 and 2027-01-03 share a week without computing ISO years.
 */
export function isoWeekKey(date: string): number {
  const day = epochDay(date);
  return day - (isoWeekday(day) - 1);
}

/**
 * The half-year a date is reported in, and when that report is due: 1 Jan–30 Jun is due 25 August of the same year,
 * 1 Jul–31 Dec on 25 February of the next.
 */
export function lokHalfYear(date: string): { from: string; to: string; due: string } {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const year = Number(match[1]);
  if (month <= 6) return { from: `${match[1]}-01-01`, to: `${match[1]}-06-30`, due: `${match[1]}-08-25` };
  return { from: `${match[1]}-07-01`, to: `${match[1]}-12-31`, due: `${String(year + 1).padStart(4, "0")}-02-25` };
}
