"use client";
// The register as a table (TanStack Table): sortable columns, 50 rows a page; each name opens the company page.
import {
  createColumnHelper,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { RegisterRow } from "./types";
import { DataTable } from "@/components/admin/ui/data-table";

const PAGE_SIZE = 50;
const column = createColumnHelper<RegisterRow>();

export function CompanyTable({ rows }: { rows: RegisterRow[] }) {
  const lang = useLang();
  const t = companiesMessages(lang).register;
  const fkStatus = shellMessages(lang).fkStatus;
  const [sorting, setSorting] = useState<SortingState>([]);
  const collator = useMemo(() => new Intl.Collator(lang === "en" ? "en-GB" : "sv-SE"), [lang]);

  const columns = useMemo(
    () => [
      column.accessor("name", {
        header: t.columns.name,
        sortingFn: (a, b) => collator.compare(a.original.name, b.original.name),
        cell: (info) => (
          <Link
            href={`/admin/companies/${info.row.original.company_id}`}
            className="font-medium text-blue-800 underline hover:text-blue-950"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor("org_number", {
        header: t.columns.orgNumber,
        cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
      }),
      column.accessor((row) => row.parent_name ?? "", {
        id: "parent",
        header: t.columns.parent,
        sortingFn: (a, b) => collator.compare(a.original.parent_name ?? "", b.original.parent_name ?? ""),
        cell: (info) =>
          info.getValue() || (
            <>
              <span aria-hidden="true">{t.noParent}</span>
              <span className="sr-only">{t.noParentLabel}</span>
            </>
          ),
      }),
      column.accessor((row) => fkStatus[row.fk_status] ?? row.fk_status, {
        id: "fk_status",
        header: t.columns.fkStatus,
      }),
    ],
    [t, fkStatus, collator],
  );

  // TanStack Table's functions are not memoizable by the React Compiler; it skips this component, which is fine here.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    initialState: { pagination: { pageSize: PAGE_SIZE } },
    autoResetPageIndex: true,
  });
  const pages = table.getPageCount();

  return (
    <div className="space-y-3">
      <DataTable table={table} label={t.caption} sortTitle={t.sortBy} />
      {pages > 1 && (
        <nav aria-label={t.pagination} className="flex flex-wrap items-center gap-3 text-sm">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            {t.previous}
          </button>
          <span>{t.page(table.getState().pagination.pageIndex + 1, pages)}</span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => table.nextPage()}
            disabled={!table.getCanNextPage()}
          >
            {t.next}
          </button>
        </nav>
      )}
    </div>
  );
}
