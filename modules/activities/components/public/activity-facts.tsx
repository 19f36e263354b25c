// What a guardian needs to know of an activity before signing up: the ages, the weekly times, the place and the free
// places (or that it is full and a sign-up joins the waitlist). Server-rendered; no JavaScript.
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import type { SignupMessages } from "@/modules/activities/texts/signup-pages";
import type { PublicActivity } from "@/modules/activities/services/public-activities";

function endTime(start: string, minutes: number): string {
  const [h, m] = start.split(":").map(Number);
  const total = (h * 60 + m + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

function ages(activity: PublicActivity, t: SignupMessages): string | null {
  const { birthYearFrom: from, birthYearTo: to } = activity;
  if (from !== null && to !== null) return fill(from === to ? t.agesOne : t.ages, { from, to });
  if (from !== null) return fill(t.agesFrom, { from });
  if (to !== null) return fill(t.agesTo, { to });
  return null;
}

function placesText(activity: PublicActivity, t: SignupMessages): string {
  if (activity.freePlaces === null) return t.noLimit;
  if (activity.freePlaces === 0) return t.full;
  return activity.freePlaces === 1 ? t.onePlace : fill(t.freePlaces, { n: activity.freePlaces });
}

export function ActivityFacts({ activity, lang, t }: { activity: PublicActivity; lang: Lang; t: SignupMessages }) {
  const weekdays = t.weekdays.split(",");
  const date = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "sv-SE", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const day = (d: string) => date.format(new Date(`${d}T00:00:00Z`));
  const places = [...new Set([activity.location, ...activity.times.map((r) => r.location)].filter(Boolean))];
  const ageText = ages(activity, t);
  return (
    <ul className="mt-2 space-y-1 text-slate-800">
      {ageText && <li>{ageText}</li>}
      {activity.times.map((r, index) => (
        <li key={index}>
          {fill(t.time, { weekday: weekdays[r.weekday - 1] ?? "", start: r.start, end: endTime(r.start, r.minutes) })}
          <span className="text-slate-700">, {fill(t.period, { from: day(r.from), to: day(r.to) })}</span>
        </li>
      ))}
      {places.length > 0 && <li>{fill(t.place, { place: places.join(", ") })}</li>}
      <li className="font-medium">
        {placesText(activity, t)}
        {activity.waiting > 0 && activity.freePlaces === 0 && (
          <span className="font-normal text-slate-700"> ({fill(t.waiting, { n: activity.waiting })})</span>
        )}
      </li>
    </ul>
  );
}
