// Calendar dates as day numbers (days since 1970-01-01), shared by the schedule planner and the LOK-stöd weeks: a
// "YYYY-MM-DD" read as a calendar date, with no time zone left to apply, steps by whole days whatever the clocks do.
export const DAY_MS = 86_400_000;

/** The day number of a "YYYY-MM-DD" date (NaN when it is not one; a date that rolls over, 2026-02-30, does not fail). */
export const epochDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** The "YYYY-MM-DD" of a day number. */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** ISO weekday of a day number, 1 (Monday) ... 7 (Sunday): 1970-01-01 was a Thursday (4). */
export const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;
