"use client";
// /admin/activities: choose an association in scope, see its activities (schedule, places taken, waitlist, next
// occasion) and, with ACTIVITY.U, create one with its weekly schedule. The chosen association is kept in the address.
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { formatWallClock } from "@/lib/i18n/formats";
import { DataTable } from "@/components/admin/ui/data-table";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { Panel } from "@/components/admin/ui/page-parts";
import { CompanyPicker, useCompanyInAddress } from "@/components/admin/ui/company-options";
import { activitiesMessages } from "../texts/activities";
import { ActivityForm } from "./activity-form";
import { ruleTexts } from "./schedule-text";
import type { ActivityFormActions, ActivityRow } from "./types";

const column = createColumnHelper<ActivityRow>();
const NO_ACTIVITIES: ActivityRow[] = [];

export function ActivitiesScreen({
  companies,
  initialCompanyId,
  canWrite,
  actions,
}: {
  companies: { company_id: string; name: string }[];
  initialCompanyId: string;
  canWrite: boolean;
  actions: ActivityFormActions;
}) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const router = useRouter();
  const [creating, setCreating] = useState(false);
  const [companyId, choose] = useCompanyInAddress(initialCompanyId, () => setCreating(false));
  const activities = useQuery({
    queryKey: queryKeys.activities.ofCompany(companyId),
    queryFn: () => fetchJson<ActivityRow[]>(`/admin/api/activities?company_id=${encodeURIComponent(companyId)}`),
    enabled: companyId !== "",
  });
  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t.list.columns.name,
        cell: (info) => (
          <Link
            href={`/admin/activities/${info.row.original.id}`}
            className="font-medium text-blue-800 underline hover:text-blue-950"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor("schedule", {
        header: t.list.columns.schedule,
        cell: (info) => {
          const lines = ruleTexts(lang, info.getValue());
          return lines.length === 0 ? t.list.noSchedule : lines.map((line) => <div key={line}>{line}</div>);
        },
      }),
      column.accessor((a) => `${a.enrolled_count} / ${a.capacity ?? t.list.unlimited}`, {
        id: "participants",
        header: t.list.columns.participants,
      }),
      column.accessor("waitlist_count", { header: t.list.columns.waitlist }),
      column.accessor("next_occasion_at", {
        header: t.list.columns.next,
        cell: (info) => <span className="whitespace-nowrap">{formatWallClock(lang, info.getValue())}</span>,
      }),
    ],
    [t, lang],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: activities.data ?? NO_ACTIVITIES,
    columns,
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CompanyPicker
          id="activities-company"
          label={t.list.company}
          placeholder={t.list.chooseCompany}
          companies={companies}
          companyId={companyId}
          onChoose={choose}
          search={{ label: t.list.searchCompany, matching: t.list.matching }}
        />
        <div className="flex flex-wrap gap-3">
          {companyId && (
            <Link
              href={`/admin/lok-report?company_id=${encodeURIComponent(companyId)}`}
              className={secondaryButtonClass}
            >
              {t.list.lokReport}
            </Link>
          )}
          {canWrite && companyId && !creating && (
            <button type="button" className={buttonClass} onClick={() => setCreating(true)}>
              {t.list.newActivity}
            </button>
          )}
        </div>
      </div>
      {creating && (
        <Panel id="new-activity" title={t.form.newTitle} spacing="space-y-4">
          <ActivityForm
            activity={null}
            companyId={companyId}
            actions={actions}
            onDone={(saved) => (saved ? router.push(`/admin/activities/${saved.id}`) : setCreating(false))}
          />
        </Panel>
      )}
      {companyId && (
        <QueryState query={activities}>
          {(activities.data ?? NO_ACTIVITIES).length === 0 ? (
            <p className="py-6 text-slate-700">{t.list.empty}</p>
          ) : (
            <DataTable table={table} label={t.list.caption} className="min-w-[52rem]" testId="activities-table" />
          )}
        </QueryState>
      )}
    </div>
  );
}
