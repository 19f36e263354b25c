// The associations' calendar: dates as YYYY-MM-DD in Stockholm, whatever zone the server runs in. Client-safe.

/** Today in Stockholm as YYYY-MM-DD. */
export function stockholmToday(now = new Date()): string {
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(now);
}

/** The same day `years` years earlier, as YYYY-MM-DD (29 February stays as text; text dates still compare in order). */
export function yearsBefore(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) - years).padStart(4, "0")}${date.slice(4)}`;
}
