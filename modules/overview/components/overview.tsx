"use client";
// The overview: headline counts, companies by leisure-card status, and a 30-day chart of subscriptions.
import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { z } from "zod";
import { fetchJson } from "@/lib/client/fetch-json";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { queryKeys } from "@/lib/query-keys";
import type { Overview as OverviewSchema } from "@/modules/overview/schemas/overview";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { Panel } from "@/components/admin/ui/page-parts";

type Overview = z.infer<typeof OverviewSchema>;

export function OverviewPanel() {
  const lang = useLang();
  const t = shellMessages(lang);
  const query = useQuery({ queryKey: queryKeys.overview, queryFn: () => fetchJson<Overview>("/admin/api/overview") });
  const data = query.data;
  return (
    <QueryState query={query}>
      {data && (
        <div className="space-y-6">
          <dl className="grid gap-4 sm:grid-cols-3">
            <Stat
              label={t.overview.members}
              value={data.members === null ? t.overview.noAccess : formatNumber(lang, data.members)}
            />
            <Stat
              label={t.overview.lists}
              value={data.lists === null ? t.overview.noAccess : formatNumber(lang, data.lists)}
            />
            <Stat
              label={t.overview.activeSubscribers}
              value={
                data.active_subscribers === null ? t.overview.noAccess : formatNumber(lang, data.active_subscribers)
              }
            />
          </dl>
          {data.companies_by_fk_status && (
            <Panel id="fk" title={t.overview.companiesByStatus} spacing="">
              <ul className="mt-3 grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
                {data.companies_by_fk_status.map((s) => (
                  <li key={s.status} className="rounded-md bg-slate-50 p-3">
                    <span className="block text-sm text-slate-700">{t.fkStatus[s.status] ?? s.status}</span>
                    <span className="text-2xl font-semibold">{formatNumber(lang, s.count)}</span>
                  </li>
                ))}
              </ul>
            </Panel>
          )}
          {data.per_day && (
            <Panel id="chart" title={t.overview.chartTitle} spacing="">
              <div className="mt-4 h-72" role="img" aria-label={t.overview.chartTitle}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.per_day} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                    <XAxis
                      dataKey="date"
                      tickFormatter={(d: string) => formatDate(lang, "calendarDayMonth", d)}
                      tick={{ fontSize: 12 }}
                      minTickGap={16}
                    />
                    <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
                    <Tooltip labelFormatter={(d) => formatDate(lang, "calendarDayMonth", String(d))} />
                    <Legend />
                    <Bar dataKey="subscribed" name={t.overview.subscribed} fill="#1e40af" />
                    <Bar dataKey="unsubscribed" name={t.overview.unsubscribed} fill="#b45309" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              {/* The same numbers as a table for screen readers and for those who would rather read. */}
              <details className="mt-3 text-sm">
                <summary className="cursor-pointer text-blue-800 underline">{t.overview.asTable}</summary>
                <table className="mt-2 w-full text-left">
                  <thead>
                    <tr>
                      <th scope="col" className="py-1">
                        {t.overview.date}
                      </th>
                      <th scope="col" className="py-1">
                        {t.overview.subscribed}
                      </th>
                      <th scope="col" className="py-1">
                        {t.overview.unsubscribed}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.per_day
                      .filter((d) => d.subscribed || d.unsubscribed)
                      .map((d) => (
                        <tr key={d.date} className="border-t border-slate-100">
                          <td className="py-1">{d.date}</td>
                          <td className="py-1">{d.subscribed}</td>
                          <td className="py-1">{d.unsubscribed}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </details>
            </Panel>
          )}
        </div>
      )}
    </QueryState>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold">{value}</dd>
    </div>
  );
}
