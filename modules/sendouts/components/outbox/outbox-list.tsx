"use client";
// /admin/outbox: the caught messages, newest first, a page at a time; the subject opens the message.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { outboxMessages } from "@/modules/sendouts/texts/outbox";
import { formatDate } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import type { OutboxPageView } from "@/modules/sendouts/schemas/outbox";
import { useLang } from "@/components/admin/i18n-context";
import { DataTable } from "@/components/admin/ui/data-table";
import { QueryState } from "@/components/admin/ui/query-state";
import { secondaryButtonClass } from "@/components/admin/ui/styles";

type Row = OutboxPageView["messages"][number];

// One empty list for every render while loading: a new [] each render would reset TanStack Table's state.
const NO_MESSAGES: Row[] = [];

export function OutboxList() {
  const lang = useLang();
  const t = outboxMessages(lang);
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.outbox(page),
    queryFn: () => fetchJson<OutboxPageView>(`/admin/api/outbox?page=${page}`),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const col = createColumnHelper<Row>();
    const wrap = (text: string) => <span className="[overflow-wrap:anywhere]">{text}</span>;
    return [
      col.accessor("received_at", {
        header: t.col.when,
        cell: (c) => (
          <time dateTime={c.getValue()} className="whitespace-nowrap">
            {formatDate(lang, "dateTime", c.getValue())}
          </time>
        ),
      }),
      col.accessor("from", { header: t.col.from, cell: (c) => wrap(c.getValue()) }),
      col.accessor("to", { header: t.col.to, cell: (c) => wrap(c.getValue()) }),
      col.accessor("subject", {
        header: t.col.subject,
        cell: (c) => (
          <Link
            href={`/admin/outbox/${c.row.original.id}`}
            className="font-medium text-blue-800 underline [overflow-wrap:anywhere] hover:text-blue-950"
          >
            {c.getValue() || t.noSubject}
          </Link>
        ),
      }),
    ];
  }, [t, lang]);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.page_size)) : 1;
  // TanStack Table is not memoizable by the React Compiler, which skips this component: expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.messages ?? NO_MESSAGES,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.id,
  });

  return (
    <QueryState query={query}>
      {data && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700" aria-live="polite">
            {t.count(data.count)}
          </p>
          {data.messages.length === 0 ? (
            <p className="py-4 text-slate-700">{t.empty}</p>
          ) : (
            <DataTable
              table={table}
              label={t.tableLabel}
              testId="outbox"
              busy={query.isFetching}
              className="min-w-[44rem]"
            />
          )}
          {pages > 1 && (
            <nav aria-label={t.pagination} className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page <= 1}
                onClick={() => setPage(page - 1)}
              >
                {t.previous}
              </button>
              <span className="text-sm text-slate-700">{t.page(Math.min(page, pages), pages)}</span>
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
        </div>
      )}
    </QueryState>
  );
}
