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
