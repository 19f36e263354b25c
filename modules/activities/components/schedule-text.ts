// An activity's weekly schedule in words ("tisdagar 18:00, 60 min, 1 sep. 2026 – 15 dec. 2026"), for its list and
// its page.
import type { Lang } from "@/lib/i18n/lang";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { activitiesMessages } from "../texts/activities";
import type { ActivityRow } from "./types";

export function ruleTexts(lang: Lang, schedule: ActivityRow["schedule"]): string[] {
  const t = activitiesMessages(lang);
  return schedule.map((r) =>
    fill(t.activity.ruleText, {
      weekday: t.weekdays[r.weekday - 1],
      time: r.start_time,
      minutes: r.duration_minutes,
      from: formatDate(lang, "calendarDate", r.from),
      to: formatDate(lang, "calendarDate", r.to),
    }),
  );
}
