"use client";
// /admin/suppressions: the addresses an association's sendouts skip, why and since when (Swedish time), a page at a
// time; with SENDOUT.U, lifting one (with a note) or suppressing one by hand.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import type { z } from "zod";
import { fetchJson } from "@/lib/client/fetch-json";
import { suppressionsMessages } from "@/modules/sendouts/texts/suppressions";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import type { SuppressionPage, SuppressionView } from "@/modules/sendouts/schemas/suppression";
import { useLang } from "@/components/admin/i18n-context";
import { QueryTable } from "@/components/admin/ui/query-table";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { AddDialog, LiftDialog, type SuppressionActions } from "./suppression-dialogs";
import { CompanyPicker } from "@/components/admin/ui/company-options";

type Row = z.output<typeof SuppressionView>;
const column = createColumnHelper<Row>();

export function SuppressionsScreen({
  companies,
  companyId,
  canWrite,
  actions,
}: {
  companies: { company_id: string; name: string }[];
  companyId: string;
  canWrite: boolean;
  actions: SuppressionActions;
}) {
  const lang = useLang();
  const t = suppressionsMessages(lang);
  const [page, setPage] = useState(1);
  const [lifting, setLifting] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.suppressions.page(companyId, page),
    queryFn: () =>
      fetchJson<z.output<typeof SuppressionPage>>(
        `/admin/api/suppressions?company_id=${encodeURIComponent(companyId)}&page=${page}`,
      ),
    enabled: companyId !== "",
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      column.accessor("email", {
        header: t.columns.email,
        cell: (info) => <span className="break-all font-medium">{info.getValue()}</span>,
      }),
      column.accessor((s) => t.reasons[s.reason] ?? s.reason, { id: "reason", header: t.columns.reason }),
      column.accessor("detail", { header: t.columns.detail, cell: (info) => info.getValue() || t.common.none }),
      column.accessor("suppressed_at", {
        header: t.columns.suppressedAt,
        cell: (info) => <span className="whitespace-nowrap">{formatDate(lang, "dateTime", info.getValue())}</span>,
      }),
      ...(canWrite
        ? [
            column.display({
              id: "actions",
              header: t.actions,
              cell: (info) => (
                <button
                  type="button"
                  className={`${secondaryButtonClass} px-3 py-1.5`}
                  aria-label={fill(t.liftLabel, { email: info.row.original.email })}
                  onClick={() => setLifting(info.row.original)}
                >
                  {t.lift}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, lang, canWrite],
  );
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.limit)) : 1;
  const rows = { ...query, data: data?.suppressions };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CompanyPicker
          id="suppressions-company"
          label={t.company}
          placeholder={t.chooseCompany}
          companies={companies}
          companyId={companyId}
        />
        {canWrite && companyId && (
          <button type="button" className={buttonClass} onClick={() => setAdding(true)}>
            {t.add}
          </button>
        )}
      </div>
      {companyId && (
        <QueryTable
          query={rows}
          columns={columns}
          getRowId={(s) => String(s.id)}
          label={t.caption}
          className="min-w-[48rem]"
          testId="suppressions-table"
        />
      )}
      {pages > 1 && (
        <nav aria-label={t.pagination} className="flex flex-wrap items-center gap-3">
          <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.previous}
          </button>
          <span className="text-sm text-slate-700">{fill(t.page, { page, pages })}</span>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t.next}
          </button>
        </nav>
      )}
      {canWrite && (
        <>
          <LiftDialog target={lifting} onClose={() => setLifting(null)} lift={actions.liftSuppression} t={t} />
          <AddDialog
            open={adding}
            companyId={companyId}
            onClose={() => setAdding(false)}
            suppress={actions.suppressAddress}
            t={t}
          />
        </>
      )}
    </div>
  );
}
