"use client";
// /admin/sendouts: the chosen association's sendouts with their figures, read again every few seconds while one of
// them is sending; with SENDOUT.U, a new one. The association is chosen in the address (the page reads its lists).
import { useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { sendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { QueryTable } from "@/components/admin/ui/query-table";
import { buttonClass } from "@/components/admin/ui/styles";
import { REFRESH_WHILE_SENDING_MS, StatusBadge } from "./status-badge";
import type { ListChoice, SendoutRow } from "./types";
import { CompanyPicker } from "@/components/admin/ui/company-options";

const column = createColumnHelper<SendoutRow>();
type Figure = keyof SendoutRow["counts"];
const FIGURES: Figure[] = ["recipients", "sent", "failed", "bounced", "complained", "unsubscribed"];

export function SendoutsScreen({
  companies,
  companyId,
  lists,
  canWrite,
}: {
  companies: { company_id: string; name: string }[];
  companyId: string;
  /** The association's lists, to name a sendout's; null without the list module (ids are shown). */
  lists: ListChoice[] | null;
  canWrite: boolean;
}) {
  const lang = useLang();
  const t = sendoutsMessages(lang);
  const sendouts = useQuery({
    queryKey: queryKeys.sendouts.ofCompany(companyId),
    queryFn: () => fetchJson<SendoutRow[]>(`/admin/api/sendouts?company_id=${encodeURIComponent(companyId)}`),
    enabled: companyId !== "",
    refetchInterval: (q) => (q.state.data?.some((s) => s.status === "SENDING") ? REFRESH_WHILE_SENDING_MS : false),
  });
  const columns = useMemo(() => {
    const listName = (id: number) => lists?.find((l) => l.id === id)?.name ?? `#${id}`;
    const time = (iso: string | null) => (iso ? formatDate(lang, "dateTime", iso) : t.common.none);
    return [
      // The status under the subject: one column fewer, so the figures fit a laptop without scrolling sideways.
      column.accessor("subject", {
        header: `${t.list.columns.subject} / ${t.list.columns.status.toLowerCase()}`,
        cell: (info) => (
          <>
            <Link
              href={`/admin/sendouts/${info.row.original.id}`}
              className="block min-w-32 font-medium text-blue-800 underline hover:text-blue-950"
            >
              {info.getValue()}
            </Link>
            <span className="mt-1 block">
              <StatusBadge status={info.row.original.status} t={t} />
            </span>
          </>
        ),
      }),
      column.accessor((s) => s.list_ids.map(listName).join(", "), { id: "lists", header: t.list.columns.lists }),
      ...FIGURES.map((figure) =>
        column.accessor((s) => s.counts[figure], {
          id: figure,
          header: t.list.columns[figure],
          cell: (info) => <span className="tabular-nums">{formatNumber(lang, info.getValue())}</span>,
        }),
      ),
      // One column for both times, for the same reason.
      column.accessor("started_at", {
        header: t.list.columns.times,
        cell: (info) => (
          <span className="block whitespace-nowrap">
            {time(info.getValue())}
            <span className="block text-slate-700">
              {info.row.original.finished_at ? time(info.row.original.finished_at) : null}
            </span>
          </span>
        ),
      }),
    ];
  }, [t, lang, lists]);

  const sending = sendouts.data?.some((s) => s.status === "SENDING");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CompanyPicker
          id="sendouts-company"
          label={t.list.company}
          placeholder={t.list.chooseCompany}
          companies={companies}
          companyId={companyId}
        />
        {canWrite && companyId && (
          <Link href={`/admin/sendouts/new?company_id=${encodeURIComponent(companyId)}`} className={buttonClass}>
            {t.list.newSendout}
          </Link>
        )}
      </div>
      {sending && (
        <p role="status" className="text-sm text-slate-700">
          {t.list.refreshing}
        </p>
      )}
      {companyId && (
        <QueryTable
          query={sendouts}
          columns={columns}
          getRowId={(s) => String(s.id)}
          label={t.list.caption}
          className="min-w-[60rem]"
          testId="sendouts-table"
        />
      )}
    </div>
  );
}
