"use client";
// /admin/audit: the audit log, newest first, a page at a time, filtered by object type, actor, action prefix and
// object id. The filters live in the address too, so a filtered view can be bookmarked or shared.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { auditMessages } from "@/modules/audit/texts/audit";
import { auditSummaryText } from "@/modules/audit/texts/audit-summary";
import { formatDate } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { AUDIT_OBJECT_TYPES } from "@/modules/audit/schemas/audit";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { DataTable } from "@/components/admin/ui/data-table";
import { SelectField, SearchField } from "@/components/ui/field";
import type { AuditEntry, AuditPage } from "./types";

export interface AuditFilters {
  object_type: string;
  actor: string;
  action: string;
  object_id: string;
}

const emptyAuditFilters: AuditFilters = { object_type: "", actor: "", action: "", object_id: "" };

const LIMIT = 50;

function searchOf(filters: AuditFilters, page: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value.trim());
  if (page > 1) params.set("page", String(page));
  return params;
}

// One empty list for every render while loading: TanStack Table resets its state when `data` changes identity, and
// a new [] on each render loops (a click during hydration made that a synchronous loop that froze the page).
const NO_ENTRIES: AuditEntry[] = [];

export function AuditLog({ initialFilters, initialPage }: { initialFilters: AuditFilters; initialPage: number }) {
  const lang = useLang();
  const t = auditMessages(lang);
  const [filters, setFilters] = useState(initialFilters);
  const [draft, setDraft] = useState(initialFilters);
  const [page, setPage] = useState(initialPage);

  const show = (next: AuditFilters, nextPage: number) => {
    setFilters(next);
    setPage(nextPage);
    const search = searchOf(next, nextPage).toString();
    window.history.replaceState(null, "", search ? `?${search}` : window.location.pathname);
  };

  const query = useQuery({
    queryKey: queryKeys.audit({ ...filters, page }),
    queryFn: () => {
      const params = searchOf(filters, page);
      params.set("limit", String(LIMIT));
      return fetchJson<AuditPage>(`/admin/api/audit?${params}`);
    },
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const col = createColumnHelper<AuditEntry>();
    return [
      col.accessor("created_at", {
        header: t.col.when,
        cell: (c) => <time dateTime={c.getValue()}>{formatDate(lang, "dateTime", c.getValue())}</time>,
      }),
      col.accessor("actor", {
        header: t.col.who,
        cell: (c) => (
          <>
            <span className="[overflow-wrap:anywhere]">{c.getValue()}</span>
            <span className="block text-xs text-slate-700">
              {t.actorKinds[c.row.original.actor_kind] ?? c.row.original.actor_kind}
            </span>
          </>
        ),
      }),
      col.accessor("action", {
        header: t.col.action,
        cell: (c) => (
          <>
            {t.actions[c.getValue()] && <span className="block">{t.actions[c.getValue()]}</span>}
            <code className="text-xs text-slate-700 [overflow-wrap:anywhere]" data-testid="audit-action">
              {c.getValue()}
            </code>
          </>
        ),
      }),
      col.accessor("object_type", {
        header: t.col.object,
        cell: (c) => (
          <>
            <span className="block">{t.objectTypes[c.getValue()] ?? c.getValue()}</span>
            <code className="text-xs text-slate-700 [overflow-wrap:anywhere]">{c.row.original.object_id}</code>
          </>
        ),
      }),
      col.accessor("company_name", {
        header: t.col.company,
        cell: (c) =>
          c.getValue() ??
          (c.row.original.company_id ? (
            <code className="text-xs [overflow-wrap:anywhere]">{c.row.original.company_id}</code>
          ) : (
            t.noCompany
          )),
      }),
      col.accessor("summary", {
        header: t.col.summary,
        cell: (c) => (
          <span className="[overflow-wrap:anywhere]" data-testid="audit-summary">
            {auditSummaryText(lang, c.row.original.action, c.getValue())}
          </span>
        ),
      }),
    ];
  }, [t, lang]);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.limit)) : 1;
  // TanStack Table is not memoizable by the React Compiler, which skips this component: expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.entries ?? NO_ENTRIES,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    manualPagination: true,
    pageCount: pages,
  });

  const filterField = (name: keyof AuditFilters, label: string, help?: string) => (
    <SearchField
      id={`audit-${name}`}
      label={label}
      help={help}
      dense
      value={draft[name]}
      onSearch={(text) => setDraft({ ...draft, [name]: text })}
    />
  );

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label={t.filters}
        className="rounded-lg border border-slate-200 bg-white p-4"
        onSubmit={(e) => {
          e.preventDefault();
          show(draft, 1);
        }}
      >
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <SelectField
            id="audit-object_type"
            label={t.objectType}
            dense
            value={draft.object_type}
            onChange={(e) => setDraft({ ...draft, object_type: e.target.value })}
          >
            <option value="">{t.anyObjectType}</option>
            {AUDIT_OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t.objectTypes[type] ?? type}
              </option>
            ))}
          </SelectField>
          {filterField("actor", t.actor, t.actorHelp)}
          {filterField("action", t.action, t.actionHelp)}
          {filterField("object_id", t.objectId)}
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={buttonClass}>
            {t.apply}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setDraft(emptyAuditFilters);
              show(emptyAuditFilters, 1);
            }}
          >
            {t.clear}
          </button>
        </div>
      </form>

      <QueryState query={query}>
        {data && (
          <>
            <p className="text-sm text-slate-700" aria-live="polite">
              {data.count_exact ? t.count(data.count) : t.countAtLeast(data.count)}
            </p>
            {data.entries.length === 0 ? (
              <p className="py-4 text-slate-700">{t.noEntries}</p>
            ) : (
              <DataTable
                table={table}
                label={t.tableLabel}
                testId="audit-log"
                busy={query.isFetching}
                rowProps={(row) => ({ "data-action": row.original.action, "data-actor": row.original.actor })}
              />
            )}
            <nav aria-label={t.pagination} className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page <= 1}
                onClick={() => show(filters, page - 1)}
              >
                {t.previous}
              </button>
              <span className="text-sm text-slate-700">
                {data.count_exact ? t.page(Math.min(page, pages), pages) : t.pageOfMany(page)}
              </span>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={page >= pages}
                onClick={() => show(filters, page + 1)}
              >
                {t.next}
              </button>
            </nav>
          </>
        )}
      </QueryState>
    </div>
  );
}
