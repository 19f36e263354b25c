"use client";
// /admin/lok-report: an association and a half-year (the address keeps both), the figures RF-SISU asks for, each
// activity's occasions with why one does not qualify, the CSV and Excel downloads, and the thresholds used.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { SelectField } from "@/components/ui/field";
import { useLang } from "@/components/admin/i18n-context";
import { CompanyPicker } from "@/components/admin/ui/company-options";
import { Panel } from "@/components/admin/ui/page-parts";
import { QueryState } from "@/components/admin/ui/query-state";
import { secondaryButtonClass, tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import type { z } from "zod";
import type { LokReport } from "../schemas/lok";
import { lokScreenMessages } from "../texts/lok-screen";
import { LokSettingsForm } from "./lok-settings-form";
import type { LokActions } from "./types";

type Report = z.infer<typeof LokReport>;

export interface HalfYear {
  from: string;
  to: string;
  due: string;
}

export function LokReportScreen({
  companies,
  initialCompanyId,
  halfYears,
  initialFrom,
  canWrite,
  actions,
}: {
  companies: { company_id: string; name: string }[];
  initialCompanyId: string;
  /** Newest first. */
  halfYears: HalfYear[];
  initialFrom: string;
  canWrite: boolean;
  actions: LokActions;
}) {
  const lang = useLang();
  const t = lokScreenMessages(lang);
  const [companyId, setCompanyId] = useState(initialCompanyId);
  const [from, setFrom] = useState(initialFrom);
  const half = halfYears.find((h) => h.from === from) ?? halfYears[0];
  const query = `company_id=${encodeURIComponent(companyId)}&from=${half.from}&to=${half.to}&lang=${lang}`;
  const report = useQuery({
    queryKey: queryKeys.activities.lokReport(companyId, half.from, half.to, lang),
    queryFn: () => fetchJson<Report>(`/admin/api/lok-report?${query}`),
    enabled: companyId !== "",
  });
  const remember = (company: string, start: string) =>
    window.history.replaceState(null, "", `?company_id=${encodeURIComponent(company)}&from=${start}`);
  const halfLabel = (h: HalfYear) =>
    fill(h.from.slice(5) === "01-01" ? t.spring : t.autumn, { year: h.from.slice(0, 4) });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <CompanyPicker
          id="lok-company"
          label={t.company}
          placeholder={t.chooseCompany}
          companies={companies}
          companyId={companyId}
          onChoose={(id) => {
            setCompanyId(id);
            remember(id, from);
          }}
          search={{ label: t.searchCompany, matching: t.matching }}
        />
        <SelectField
          id="lok-half-year"
          label={t.halfYear}
          value={half.from}
          onChange={(e) => {
            setFrom(e.target.value);
            remember(companyId, e.target.value);
          }}
        >
          {halfYears.map((h) => (
            <option key={h.from} value={h.from}>
              {halfLabel(h)}
            </option>
          ))}
        </SelectField>
      </div>
      <p data-testid="lok-due">{fill(t.due, { date: formatDate(lang, "calendarDate", half.due) })}</p>
      {companyId && (
        <QueryState query={report}>
          {report.data && (
            <div className="space-y-4">
              <ReportFigures report={report.data} />
              <Panel id="lok-downloads" title={t.downloads}>
                <div className="flex flex-wrap gap-3">
                  <a className={secondaryButtonClass} href={`/admin/api/lok-report.csv?${query}`} download>
                    {t.downloadCsv}
                  </a>
                  <a className={secondaryButtonClass} href={`/admin/api/lok-report.xlsx?${query}`} download>
                    {t.downloadXlsx}
                  </a>
                </div>
              </Panel>
              <LokSettingsForm
                key={`${companyId} ${JSON.stringify(report.data.settings)}`}
                settings={report.data.settings}
                canWrite={canWrite}
                actions={actions}
                onSaved={() => void report.refetch()}
              />
            </div>
          )}
        </QueryState>
      )}
    </div>
  );
}

function ReportFigures({ report }: { report: Report }) {
  const lang = useLang();
  const t = lokScreenMessages(lang);
  const byActivity = Map.groupBy(report.occasions, (o) => o.activity_id);
  const figure = (label: string, value: number, testId: string) => (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {formatNumber(lang, value)}
      </dd>
    </div>
  );
  return (
    <>
      <Panel id="lok-figures" title={t.figures}>
        <dl className="grid gap-3 sm:grid-cols-3">
          {figure(t.occasions, report.totals.occasions, "lok-occasions")}
          {figure(t.qualifying, report.totals.qualifying, "lok-qualifying")}
          {figure(t.counted, report.totals.participants_counted, "lok-counted")}
        </dl>
      </Panel>
      <Panel id="lok-activities" title={t.perActivity}>
        {report.activities.length === 0 ? (
          <p className="text-slate-700">{t.none}</p>
        ) : (
          <div className="space-y-4">
            <table className={tableClass} data-testid="lok-activities">
              <caption className="sr-only">{t.perActivityCaption}</caption>
              <thead>
                <tr>
                  <th className={thClass}>{t.columns.activity}</th>
                  <th className={thClass}>{t.columns.occasions}</th>
                  <th className={thClass}>{t.columns.qualifying}</th>
                  <th className={thClass}>{t.columns.counted}</th>
                  <th className={thClass}>{t.columns.byGender}</th>
                </tr>
              </thead>
              <tbody>
                {report.activities.map((a) => (
                  <tr key={a.activity_id}>
                    <td className={tdClass}>{a.name}</td>
                    <td className={tdClass}>{a.occasions}</td>
                    <td className={tdClass}>{a.qualifying}</td>
                    <td className={tdClass}>{a.participants_counted}</td>
                    <td className={tdClass}>
                      {[
                        a.counted_by_gender.female,
                        a.counted_by_gender.male,
                        a.counted_by_gender.other,
                        a.counted_by_gender.unknown,
                      ].join(" / ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {report.activities.map((a) => {
              const occasions = byActivity.get(a.activity_id) ?? [];
              return (
                <details key={a.activity_id} className="rounded-md border border-slate-200 p-3">
                  <summary className="cursor-pointer font-medium">
                    {a.name}: {fill(t.showOccasions, { count: occasions.length })}
                  </summary>
                  <div className="mt-3 overflow-x-auto">
                    <table className={tableClass}>
                      <caption className="sr-only">{fill(t.occasionsOf, { name: a.name })}</caption>
                      <thead>
                        <tr>
                          <th className={thClass}>{t.columns.date}</th>
                          <th className={thClass}>{t.columns.start}</th>
                          <th className={thClass}>{t.columns.minutes}</th>
                          <th className={thClass}>{t.columns.present}</th>
                          <th className={thClass}>{t.columns.counted}</th>
                          <th className={thClass}>{t.columns.leaders}</th>
                          <th className={thClass}>{t.columns.result}</th>
                          <th className={thClass}>{t.columns.why}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {occasions.map((o) => (
                          <tr key={o.occasion_id}>
                            <td className={`${tdClass} whitespace-nowrap`}>
                              {formatDate(lang, "calendarDate", o.date)}
                            </td>
                            <td className={tdClass}>{o.starts_at.slice(11, 16)}</td>
                            <td className={tdClass}>{o.duration_minutes}</td>
                            <td className={tdClass}>{o.participants_present}</td>
                            <td className={tdClass}>{o.participants_counted}</td>
                            <td className={tdClass}>{o.leaders_counted}</td>
                            <td className={`${tdClass} font-medium ${o.qualifies ? "text-green-800" : "text-red-800"}`}>
                              {o.qualifies ? t.yes : t.no}
                            </td>
                            <td className={tdClass}>{o.reasons.map((r) => r.text).join(". ") || t.common.none}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              );
            })}
          </div>
        )}
      </Panel>
    </>
  );
}
