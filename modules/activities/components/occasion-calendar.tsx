"use client";
// An activity's occasions as a month grid (weeks from Monday): each day lists its occasions' start times, cancelled
// ones struck through and named, moved and added ones marked. Dates are the activity's local dates.
import Link from "next/link";
import { useState } from "react";
import { dateOfDay, epochDay, isoWeekday } from "@/lib/calendar";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { activitiesMessages } from "../texts/activities";
import type { OccasionRow } from "./types";

const LOCALES = { sv: "sv-SE", en: "en-GB" } as const;

/** "2026-09" one month on or back. */
function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The days shown for a month: from the Monday of its first week to the Sunday of its last. */
function gridDays(month: string): string[] {
  const first = epochDay(`${month}-01`);
  const last = epochDay(`${shiftMonth(month, 1)}-01`) - 1;
  const start = first - (isoWeekday(first) - 1);
  const end = last + (7 - isoWeekday(last));
  return Array.from({ length: end - start + 1 }, (_, i) => dateOfDay(start + i));
}

export function OccasionCalendar({ occasions, initialMonth }: { occasions: OccasionRow[]; initialMonth: string }) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const [month, setMonth] = useState(initialMonth);
  const byDate = Map.groupBy(occasions, (o) => o.starts_at.slice(0, 10));
  const days = gridDays(month);
  const weeks = Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
  const title = new Intl.DateTimeFormat(LOCALES[lang], { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  const inMonth = occasions.filter((o) => o.starts_at.startsWith(month)).length;
  return (
    <div className="space-y-3" data-testid="occasion-calendar">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={`${secondaryButtonClass} px-3 py-1`}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <span aria-hidden="true" className="mr-1">
            ‹
          </span>
          {t.occasions.previousMonth}
        </button>
        <h3 className="min-w-40 text-center font-semibold capitalize" aria-live="polite" id="calendar-month">
          {title}
        </h3>
        <button
          type="button"
          className={`${secondaryButtonClass} px-3 py-1`}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          {t.occasions.nextMonth}
          <span aria-hidden="true" className="ml-1">
            ›
          </span>
        </button>
      </div>
      {inMonth === 0 && <p className="text-slate-700">{t.occasions.noneThisMonth}</p>}
      <table className="w-full table-fixed border-collapse text-sm" aria-labelledby="calendar-month">
        <thead>
          <tr>
            {t.weekdaysShort.map((day, i) => (
              <th key={day} scope="col" className="border border-slate-200 bg-slate-100 px-1 py-1 font-semibold">
                <abbr title={t.weekdays[i]} className="no-underline">
                  {day}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const own = date.startsWith(month);
                return (
                  <td
                    key={date}
                    className={`h-20 border border-slate-200 p-1 align-top ${own ? "bg-white" : "bg-slate-50 text-slate-600"}`}
                  >
                    <div className="text-xs font-medium">{Number(date.slice(8, 10))}</div>
                    <ul className="space-y-0.5">
                      {(byDate.get(date) ?? []).map((o) => (
                        <li key={o.id}>
                          <Link
                            href={`/admin/activities/occasions/${o.id}`}
                            className={`block rounded px-1 text-xs underline ${
                              o.status === "CANCELLED"
                                ? "bg-red-50 text-red-900 line-through"
                                : "bg-blue-50 text-blue-900"
                            }`}
                          >
                            {o.starts_at.slice(11, 16)}
                            {o.status === "CANCELLED" && <span className="sr-only"> {t.occasions.cancelled}</span>}
                          </Link>
                          {o.status === "CANCELLED" && (
                            <span className="block text-xs text-red-900" aria-hidden="true">
                              {t.occasions.cancelled}
                            </span>
                          )}
                          {o.moved && <span className="block text-xs text-amber-900">{t.occasions.moved}</span>}
                          {!o.planned && <span className="block text-xs text-slate-700">{t.occasions.added}</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
