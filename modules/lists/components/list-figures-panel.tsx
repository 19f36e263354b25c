"use client";
// A list's growth on its page: new subscriptions and unsubscribes per day as bars and the active total as a line,
// for the last 30, 90 or 365 days (Recharts, as the overview's chart, with its day rows), and the same figures as
// a table for screen readers and those who would rather read.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { z } from "zod";
import { fetchJson } from "@/lib/client/fetch-json";
import { listsFiguresMessages } from "@/modules/lists/texts/lists-figures";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { LIST_FIGURE_PERIODS, type ListFigures } from "@/modules/lists/schemas/figures";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { QueryState } from "@/components/admin/ui/query-state";

type Figures = z.output<typeof ListFigures>;

export function ListFiguresPanel({ listId }: { listId: number }) {
  const lang = useLang();
  const t = listsFiguresMessages(lang);
  const [days, setDays] = useState(30);
  const query = useQuery({
    queryKey: [...queryKeys.lists.one(listId), "figures", days],
    queryFn: () => fetchJson<Figures>(`/admin/api/lists/${listId}/figures?days=${days}`),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const changed = data?.per_day.filter((d) => d.subscribed || d.unsubscribed) ?? [];
  const sum = (key: "subscribed" | "unsubscribed") =>
    formatNumber(lang, data?.per_day.reduce((n, d) => n + d[key], 0) ?? 0);
  const dayMonth = (d: string) => formatDate(lang, "calendarDayMonth", d);
  return (
    <Panel id="figures" title={t.title} intro={t.intro}>
      <div role="group" aria-label={t.period} className="flex flex-wrap gap-2">
        {LIST_FIGURE_PERIODS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={days === Number(value)}
            onClick={() => setDays(Number(value))}
            className={`rounded-md border px-3 py-1.5 text-sm font-medium ${days === Number(value) ? "border-blue-800 bg-blue-800 text-white" : "border-slate-400 bg-white text-slate-900 hover:bg-slate-50"}`}
          >
            {t.days(Number(value))}
          </button>
        ))}
      </div>
      <QueryState query={query}>
        {data && (
          <>
            <p className="text-sm text-slate-700" aria-live="polite" data-testid="figures-summary">
              {t.summary(sum("subscribed"), sum("unsubscribed"), formatNumber(lang, data.active_subscribers))}
            </p>
            <div className="h-72" role="img" aria-label={t.chart(data.days)}>
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={data.per_day} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="date" tickFormatter={dayMonth} tick={{ fontSize: 12 }} minTickGap={16} />
                  <YAxis yAxisId="day" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                  <YAxis yAxisId="total" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
                  <Tooltip labelFormatter={(d) => dayMonth(String(d))} />
                  <Legend />
                  <Bar yAxisId="day" dataKey="subscribed" name={t.subscribed} fill="#1e40af" />
                  <Bar yAxisId="day" dataKey="unsubscribed" name={t.unsubscribed} fill="#b45309" />
                  <Line
                    yAxisId="total"
                    dataKey="total"
                    name={t.total}
                    stroke="#15803d"
                    strokeWidth={2}
                    dot={false}
                    type="stepAfter"
                  />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
            <details className="text-sm">
              <summary className="cursor-pointer text-blue-800 underline">{t.asTable}</summary>
              {changed.length === 0 ? (
                <p className="mt-2 text-slate-700">{t.noChanges}</p>
              ) : (
                <table className="mt-2 w-full text-left" data-testid="figures-table">
                  <caption className="sr-only">{t.tableCaption(data.days)}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className="py-1">
                        {t.date}
                      </th>
                      <th scope="col" className="py-1 text-right">
                        {t.subscribed}
                      </th>
                      <th scope="col" className="py-1 text-right">
                        {t.unsubscribed}
                      </th>
                      <th scope="col" className="py-1 text-right">
                        {t.total}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {changed.map((d) => (
                      <tr key={d.date} className="border-t border-slate-100">
                        <th scope="row" className="py-1 font-normal">
                          {formatDate(lang, "calendarDate", d.date)}
                        </th>
                        <td className="py-1 text-right tabular-nums">{formatNumber(lang, d.subscribed)}</td>
                        <td className="py-1 text-right tabular-nums">{formatNumber(lang, d.unsubscribed)}</td>
                        <td className="py-1 text-right tabular-nums">{formatNumber(lang, d.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </details>
          </>
        )}
      </QueryState>
    </Panel>
  );
}
