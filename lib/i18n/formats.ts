// How the dashboard writes dates and numbers, in the staff member's language. A moment (an ISO instant) is shown in
// Swedish time, where the associations are, whatever zone the server or the browser runs in; a calendar date
// (YYYY-MM-DD, no zone) is shown as the day it names.
import type { Lang } from "./lang";

const LOCALES: Record<Lang, string> = { sv: "sv-SE", en: "en-GB" };
const ZONE = "Europe/Stockholm";

const DATE_FORMATS = {
  /** "22 nov. 2026 09:35": a moment, to the minute. */
  dateTime: { dateStyle: "medium", timeStyle: "short", timeZone: ZONE },
  /** "22 nov. 2026": the day of a moment. */
  date: { dateStyle: "medium", timeZone: ZONE },
  /** "22 nov. 2026": a calendar date. */
  calendarDate: { dateStyle: "medium", timeZone: "UTC" },
  /** "22 nov.": a calendar date in a chart's axis. */
  calendarDayMonth: { day: "numeric", month: "short", timeZone: "UTC" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateFormat = keyof typeof DATE_FORMATS;

// Tables format hundreds of cells: one formatter per language and format.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** A moment (ISO instant) or a calendar date (YYYY-MM-DD, with a calendar format) as text. */
export function formatDate(lang: Lang, format: DateFormat, value: string): string {
  return formatter(`${lang}:${format}`, () => new Intl.DateTimeFormat(LOCALES[lang], DATE_FORMATS[format])).format(
    new Date(value),
  );
}

/** "12 345" in Swedish, "12,345" in English. */
export function formatNumber(lang: Lang, value: number): string {
  return formatter(`${lang}:number`, () => new Intl.NumberFormat(LOCALES[lang])).format(value);
}

/** "5 dec. 2026 18:00": a time as written with its offset (an event's, in the event's own zone), not moved to another; "–" for none. */
export function formatWallClock(lang: Lang, iso: string | null): string {
  if (!iso) return "–";
  const [date, time] = iso.split("T");
  return `${formatDate(lang, "calendarDate", date)} ${time.slice(0, 5)}`;
}
