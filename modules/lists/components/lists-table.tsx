"use client";
// /admin/lists: the lists in scope as a sortable table, a switch that turns a list's form on at once and off after a
// question (a live form stops accepting subscribers; optimistic: the row changes before the server answers and
// changes back if it refuses), and the "new list" dialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createColumnHelper,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type SortingState,
} from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";

import { ConfirmDialog } from "./confirm-dialog";
import { CreateListDialog } from "./create-list-dialog";
import type { ListActions, ListCompanyChoices, ListRow } from "./types";
import { DataTable } from "@/components/admin/ui/data-table";
import { formatNumber } from "@/lib/i18n/formats";
import { failureText } from "@/components/admin/action-errors";

// One empty array for "no rows yet": a new [] on each render makes TanStack Table reset in a loop.
const NO_LISTS: never[] = [];

interface Props {
  canWrite: boolean;
  createList: ListActions["createList"];
  /** The association a new list is proposed for: the staff member's own (the root of their scope). */
  homeCompany?: ListCompanyChoices["companies"][number] | null;
  updateList: ListActions["updateList"];
}

const column = createColumnHelper<ListRow>();

export function ListsTable({ canWrite, createList, updateList, homeCompany = null }: Props) {
  const lang = useLang();
  const t = listsMessages(lang);
  const queryClient = useQueryClient();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [closing, setClosingRow] = useState<ListRow | null>(null);
  // The switch that asked, for focus after the question (the row is gone from state by then).
  const closingId = useRef(0);
  const setClosing = (row: ListRow | null) => {
    if (row) closingId.current = row.id;
    setClosingRow(row);
  };
  const query = useQuery({ queryKey: queryKeys.lists.all, queryFn: () => fetchJson<ListRow[]>("/admin/api/lists") });

  const toggle = useMutation({
    mutationFn: (vars: { id: number; is_active: boolean }) => unwrap(updateList(vars)),
    onMutate: async (vars) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.lists.all, exact: true });
      const previous = queryClient.getQueryData<ListRow[]>(queryKeys.lists.all);
      queryClient.setQueryData<ListRow[]>(queryKeys.lists.all, (rows) =>
        rows?.map((r) => (r.id === vars.id ? { ...r, is_active: vars.is_active } : r)),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.lists.all, context.previous);
      toast.error(failureText(t.common, error));
    },
    onSuccess: (list) =>
      toast.success(fill(list.is_active ? t.table.activated : t.table.deactivated, { name: list.name })),
    onSettled: (_data, _error, vars) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.one(vars.id) });
    },
  });

  const { mutate: toggleActive } = toggle;
  const columns = useMemo(
    () => [
      column.accessor("company_name", { header: t.table.company }),
      column.accessor("name", {
        header: t.table.name,
        cell: (info) => (
          <Link
            href={`/admin/lists/${info.row.original.id}`}
            className="font-medium text-blue-800 underline hover:text-blue-950"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor("is_active", {
        header: t.table.active,
        enableSorting: false,
        cell: (info) => {
          const row = info.row.original;
          if (!canWrite) return <StatusBadge active={row.is_active} on={t.table.isActive} off={t.table.isInactive} />;
          return (
            <button
              type="button"
              role="switch"
              aria-checked={row.is_active}
              aria-label={fill(t.table.toggle, { name: row.name })}
              id={`list-switch-${row.id}`}
              onClick={() => (row.is_active ? setClosing(row) : toggleActive({ id: row.id, is_active: true }))}
              className="inline-flex items-center gap-2 rounded-md px-1 py-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
            >
              <span
                aria-hidden="true"
                className={`relative inline-block h-6 w-11 rounded-full transition-colors ${row.is_active ? "bg-green-700" : "bg-slate-400"}`}
              >
                <span
                  className={`absolute top-1 h-4 w-4 rounded-full bg-white transition-all ${row.is_active ? "left-6" : "left-1"}`}
                />
              </span>
              <span aria-hidden="true" className="text-sm">
                {row.is_active ? t.table.isActive : t.table.isInactive}
              </span>
            </button>
          );
        },
      }),
      column.accessor("active_subscribers", {
        header: t.table.subscribers,
        cell: (info) => {
          const row = info.row.original;
          return (
            <span className="whitespace-nowrap tabular-nums">
              {formatNumber(lang, row.active_subscribers)} / {formatNumber(lang, row.effective_subscriber_cap)}
              {row.subscriber_cap === null && <span className="text-slate-600"> ({t.table.defaultCap})</span>}
            </span>
          );
        },
      }),
      column.display({
        id: "actions",
        header: t.table.actions,
        cell: (info) => {
          const row = info.row.original;
          return (
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <Link
                href={`/admin/lists/${row.id}/subscribers`}
                aria-label={fill(t.table.subscribersOf, { name: row.name })}
                className="text-blue-800 underline hover:text-blue-950"
              >
                {t.table.subscribersLink}
              </Link>
              {canWrite && (
                <Link
                  href={`/admin/lists/${row.id}`}
                  aria-label={fill(t.table.editList, { name: row.name })}
                  className="text-blue-800 underline hover:text-blue-950"
                >
                  {t.table.edit}
                </Link>
              )}
            </span>
          );
        },
      }),
    ],
    [t, lang, canWrite, toggleActive],
  );

  // TanStack Table's instance is not memoizable (the React Compiler skips this component, as it should).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: query.data ?? NO_LISTS,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (row) => String(row.id),
  });

  return (
    <div className="space-y-4">
      {canWrite && (
        <div className="flex justify-end">
          <CreateListDialog createList={createList} homeCompany={homeCompany} />
        </div>
      )}
      <QueryState query={query}>
        {query.data?.length === 0 ? (
          <p className="py-6 text-slate-700">{t.table.empty}</p>
        ) : (
          <DataTable
            table={table}
            label={t.table.label}
            className="min-w-[44rem]"
            sortTitle={(column) => fill(t.table.sortBy, { column })}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={closing !== null}
        title={fill(t.table.deactivateTitle, { name: closing?.name ?? "" })}
        body={<p>{t.table.deactivateBody}</p>}
        confirmLabel={t.table.deactivateConfirm}
        cancelLabel={t.common.cancel}
        onConfirm={() => closing && toggleActive({ id: closing.id, is_active: false })}
        onCancel={() => setClosing(null)}
        returnFocus={() => document.getElementById(`list-switch-${closingId.current}`)}
      />
    </div>
  );
}

function StatusBadge({ active, on, off }: { active: boolean; on: string; off: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-sm font-medium ${active ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
    >
      {active ? on : off}
    </span>
  );
}
