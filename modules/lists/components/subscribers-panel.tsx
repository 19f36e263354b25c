"use client";
// A list's subscribers: the server searches (debounced), filters by status and pages; the CSV export keeps the same
// filters. Unsubscribing is optimistic (the row changes at once and changes back if the server refuses); a member of
// the association can be found and subscribed. Rows can be picked (or every match) for the bulk actions
// (bulk-actions.tsx: unsubscribe and export). Read-only without SUBSCRIPTION_LIST.U (exporting stays).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { listConsentMessages } from "@/modules/lists/texts/list-consent";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { queryKeys } from "@/lib/query-keys";
import { SUBSCRIPTION_STATUSES } from "@/modules/lists/schemas/subscription";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { AddMember } from "./add-member";
import { BulkToolbar, type BulkUnsubscribe } from "./bulk-actions";
import { pickColumn, useRowSelection } from "@/components/admin/ui/row-selection";
import { listsBulkMessages } from "@/modules/lists/texts/lists-bulk";
import { OptedOutCell, useAskToConfirm } from "./opted-out-cell";
import { AnswersCell, ConsentCell, MemberCell } from "./subscriber-cells";
import { ReadOnlyBanner } from "@/components/admin/ui/page-parts";
import type { ListActions, ListView, Subscriber, SubscribersPageView } from "./types";
import { DataTable } from "@/components/admin/ui/data-table";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { SelectField, SearchField } from "@/components/ui/field";
import { failureText } from "@/components/admin/action-errors";
import { useSearchText } from "@/components/admin/ui/use-debounced";

// One empty array for "no rows yet": a new [] on each render makes TanStack Table reset in a loop.
const NO_SUBSCRIBERS: never[] = [];

interface Props {
  list: ListView;
  canWrite: boolean;
  setSubscription: ListActions["setSubscription"];
  requestConfirmation: ListActions["requestConfirmation"];
  bulkUnsubscribe: BulkUnsubscribe;
}

type Status = (typeof SUBSCRIPTION_STATUSES)[number] | "";
const PAGE_SIZES = [25, 50, 100];
const column = createColumnHelper<Subscriber>();
/** PENDING's name lives with the other double opt-in texts (modules/lists/texts/list-consent.ts). */
const statusText = (status: string, names: Record<string, string>, pending: string) =>
  status === "PENDING" ? pending : (names[status] ?? status);

export function SubscribersPanel({
  list: initialList,
  canWrite,
  setSubscription,
  requestConfirmation,
  bulkUnsubscribe,
}: Props) {
  const lang = useLang();
  // The headline counts follow the changes made here (the query is invalidated after each).
  const { data: list } = useQuery({
    queryKey: queryKeys.lists.one(initialList.id),
    queryFn: () => fetchJson<ListView>(`/admin/api/lists/${initialList.id}`),
    initialData: initialList,
    // A list cached by another screen may be older than the page's: look again on arrival.
    staleTime: 0,
  });
  const t = listsMessages(lang);
  const ts = t.subscribers;
  const tc = listConsentMessages(lang);
  const queryClient = useQueryClient();
  const { search, setSearch, q } = useSearchText();
  const [status, setStatus] = useState<Status>("");
  const [limit, setLimit] = useState(50);
  const [pageState, setPage] = useState({ page: 1, for: "" });
  // A new search, filter or page size starts again at page 1.
  const filterKey = `${q}|${status}|${limit}`;
  const page = pageState.for === filterKey ? pageState.page : 1;
  const goTo = (next: number) => setPage({ page: next, for: filterKey });
  const selection = useRowSelection(`${filterKey}|${page}`);
  const tb = listsBulkMessages(lang);

  const filters = { q, status, page, limit };
  const params = new URLSearchParams({
    page: String(page),
    limit: String(limit),
    ...(q ? { q } : {}),
    ...(status ? { status } : {}),
  });
  const exportParams = new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) });
  const query = useQuery({
    queryKey: queryKeys.lists.subscribers(list.id, filters),
    queryFn: () => fetchJson<SubscribersPageView>(`/admin/api/lists/${list.id}/subscribers?${params}`),
    placeholderData: keepPreviousData,
  });

  const change = useMutation({
    mutationFn: (vars: { member_id: number; email: string; subscribed: boolean }) =>
      unwrap(setSubscription({ id: list.id, member_id: vars.member_id, subscribed: vars.subscribed })),
    onMutate: async (vars) => {
      const key = queryKeys.lists.subscribers(list.id, filters);
      await queryClient.cancelQueries({ queryKey: queryKeys.lists.allSubscribers(list.id) });
      const previous = queryClient.getQueryData<SubscribersPageView>(key);
      const now = new Date().toISOString();
      queryClient.setQueryData<SubscribersPageView>(
        key,
        (data) =>
          data && {
            ...data,
            subscribers: data.subscribers.map((s) =>
              s.member_id === vars.member_id
                ? {
                    ...s,
                    status: vars.subscribed ? "SUBSCRIBED" : "UNSUBSCRIBED",
                    unsubscribed_at: vars.subscribed ? null : now,
                  }
                : s,
            ),
          },
      );
      return { key, previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(context.key, context.previous);
      toast.error(failureText(t.common, error));
    },
    onSuccess: (_data, vars) =>
      toast.success(fill(vars.subscribed ? ts.subscribed : ts.unsubscribed, { email: vars.email })),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.allSubscribers(list.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.one(list.id), exact: true });
    },
  });
  const { mutate: changeSubscription } = change;
  // Consent is a column where the list asks for it, or where someone gave it to a text since removed.
  const hasConsent = query.data?.subscribers.some((s) => s.consent_at !== null) ?? false;
  const askToConfirm = useAskToConfirm(list.id, lang, requestConfirmation);

  const pageRows = query.data?.subscribers ?? NO_SUBSCRIBERS;
  // Made anew each render: the pick column reads the picked rows, which change with every click.
  const columns = [
    pickColumn(column, {
      rows: pageRows,
      idOf: (s) => s.member_id,
      labelOf: (s) => s.email ?? `#${s.member_id}`,
      selection,
      selectPage: tb.selectPage,
      selectRow: tb.selectRow,
    }),
    // The name under the address: the table has room for consent and answers at laptop width.
    column.accessor("email", {
      header: `${ts.email} / ${ts.name}`,
      cell: (info) => <MemberCell subscriber={info.row.original} t={tc} />,
    }),
    column.accessor("status", {
      header: ts.status,
      cell: (info) => (
        <span
          className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-sm font-medium ${
            info.getValue() === "SUBSCRIBED" ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"
          }`}
        >
          {statusText(info.getValue(), ts.statuses, tc.pending)}
        </span>
      ),
    }),
    column.accessor("source", { header: ts.source, cell: (info) => ts.sources[info.getValue()] ?? info.getValue() }),
    ...(list.term || hasConsent
      ? [
          column.accessor("consent_at", {
            header: tc.consent,
            cell: (info) => <ConsentCell consentAt={info.getValue()} lang={lang} t={tc} />,
          }),
        ]
      : []),
    ...(list.question_prop_ids.length > 0
      ? [
          column.accessor("answers", {
            header: tc.answers,
            cell: (info) => <AnswersCell answers={info.getValue()} t={tc} />,
          }),
        ]
      : []),
    column.accessor("subscribed_at", {
      header: ts.subscribedAt,
      cell: (info) => <span className="block min-w-20">{formatDate(lang, "dateTime", info.getValue())}</span>,
    }),
    column.accessor("unsubscribed_at", {
      header: ts.unsubscribedAt,
      cell: (info) => {
        const value = info.getValue();
        return value ? <span className="block min-w-20">{formatDate(lang, "dateTime", value)}</span> : "";
      },
    }),
    ...(canWrite
      ? [
          column.display({
            id: "actions",
            header: ts.actions,
            cell: (info) => {
              const s = info.row.original;
              const subscribed = s.status === "SUBSCRIBED";
              const email = s.email ?? `#${s.member_id}`; // a member created without an email
              // Their consent is theirs to give again: say why there is no re-subscribe, offer a confirmation.
              if (!subscribed && s.opted_out_themselves)
                return <OptedOutCell memberId={s.member_id} email={s.email} lang={lang} ask={askToConfirm} />;
              return (
                <button
                  type="button"
                  // Allowed to wrap: at tablet width the button is the table's last column, and a one-line
                  // "Prenumerera igen" pushed it out of the frame.
                  className={`${secondaryButtonClass} px-3 py-1`}
                  aria-label={fill(subscribed ? ts.unsubscribeLabel : ts.resubscribeLabel, { email })}
                  onClick={() => changeSubscription({ member_id: s.member_id, email, subscribed: !subscribed })}
                >
                  {subscribed ? ts.unsubscribe : ts.resubscribe}
                </button>
              );
            },
          }),
        ]
      : []),
  ];

  const data = query.data;
  // TanStack Table's instance is not memoizable (the React Compiler skips this component, as it should).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.subscribers ?? NO_SUBSCRIBERS,
    columns,
    manualPagination: true,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.member_id),
  });
  const pages = data ? Math.max(1, Math.ceil(data.count / data.limit)) : 1;
  const from = data && data.count > 0 ? (data.page - 1) * data.limit + 1 : 0;
  const to = data ? Math.min(data.count, data.page * data.limit) : 0;

  return (
    <div className="space-y-6">
      <div>
        <nav aria-label={ts.back} className="mb-2 text-sm">
          <Link href={`/admin/lists/${list.id}`} className="text-blue-800 underline hover:text-blue-950">
            ← {list.name}
          </Link>
        </nav>
        <h1 className="text-2xl font-semibold">
          {ts.title}: {list.name}
        </h1>
        <p className="mt-1 text-slate-700">
          {t.table.subscribers}: {formatNumber(lang, list.active_subscribers)} /{" "}
          {formatNumber(lang, list.effective_subscriber_cap)}
        </p>
      </div>
      {!canWrite && <ReadOnlyBanner text={shellMessages(lang).readOnly} />}

      <section aria-label={ts.title} className="space-y-4">
        <div className="flex flex-wrap items-end gap-4">
          <SearchField
            id="subscriber-search"
            label={ts.search}
            value={search}
            onSearch={setSearch}
            className="min-w-56 flex-1"
          />
          <SelectField
            id="subscriber-status"
            label={ts.status}
            value={status}
            onChange={(e) => setStatus(e.target.value as Status)}
          >
            <option value="">{ts.allStatuses}</option>
            {SUBSCRIPTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(s, ts.statuses, tc.pending)}
              </option>
            ))}
          </SelectField>
          <SelectField
            id="subscriber-limit"
            label={ts.perPage}
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value))}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
          <div>
            <a
              href={`/admin/api/lists/${list.id}/subscribers.csv${exportParams.size ? `?${exportParams}` : ""}`}
              download
              className={secondaryButtonClass}
              aria-describedby="export-help"
            >
              {ts.exportCsv}
            </a>
          </div>
        </div>
        <p id="export-help" className="text-sm text-slate-700">
          {ts.exportHelp}
        </p>

        <QueryState query={query}>
          <p role="status" className="text-sm text-slate-800">
            {data &&
              (data.count === 0
                ? ts.none
                : fill(ts.showing, {
                    from: formatNumber(lang, from),
                    to: formatNumber(lang, to),
                    n: formatNumber(lang, data.count),
                  }))}
          </p>
          {data && data.count > 0 && (
            <>
              <BulkToolbar
                listId={list.id}
                lang={lang}
                selection={selection}
                rows={data.subscribers}
                count={data.count}
                filters={{ q, status }}
                canWrite={canWrite}
                bulkUnsubscribe={bulkUnsubscribe}
              />
              <DataTable table={table} label={ts.label} className="min-w-[48rem]" />
            </>
          )}
          {data && pages > 1 && (
            <nav aria-label={ts.pagination} className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                {ts.previous}
              </button>
              <span className="text-sm">
                {fill(ts.page, { page: formatNumber(lang, page), pages: formatNumber(lang, pages) })}
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                {ts.next}
              </button>
            </nav>
          )}
        </QueryState>
      </section>

      {canWrite && <AddMember listId={list.id} setSubscription={setSubscription} />}
    </div>
  );
}
