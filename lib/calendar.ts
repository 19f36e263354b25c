// The associations' calendar: dates as YYYY-MM-DD in Stockholm, whatever zone the server runs in. Client-safe.

// One formatter for the process: constructing an Intl.DateTimeFormat costs about 0.2 ms, formatting with one microseconds
// (the member search asks for today twice per request).
const stockholmDate = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" });

/** Today in Stockholm as YYYY-MM-DD. */
export function stockholmToday(now = new Date()): string {
  return stockholmDate.format(now);
}

/** The same day `years` years earlier, as YYYY-MM-DD (29 February stays as text; text dates still compare in order). */
export function yearsBefore(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) - years).padStart(4, "0")}${date.slice(4)}`;
}

// Dates as day numbers (days since 1970-01-01): a YYYY-MM-DD read as a calendar date, with no time zone left to apply,
// steps by whole days whatever the clocks do (the activities' schedules and LOK-stöd weeks).
export const DAY_MS = 86_400_000;

/** The day number of a "YYYY-MM-DD" date (NaN when it is not one; a date that rolls over, 2026-02-30, does not fail). */
export const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The "YYYY-MM-DD" of a day number. */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday of a day number, 1 (Monday) ... 7 (Sunday): 1970-01-01 was a Thursday (4). */
export const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
