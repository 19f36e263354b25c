"use client";
// /admin/members: the member search with the filters of POST /v3/market/members/search, a page of 25 at a time read
// on the server, each name opening the member page. The applied filters live in the address, so a reload or a shared
// link shows the same search.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import Link from "next/link";
import { useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { membersMessages } from "@/modules/members/texts/members";
import { queryKeys } from "@/lib/query-keys";
import {
  FILTER_INCLUDES,
  MEMBER_SCREEN_PAGE_SIZE,
  MEMBERSHIP_STATUSES,
  SEARCH_SORTS,
} from "@/modules/members/schemas/member";
import { CheckboxField, SelectField, TextField } from "@/components/ui/field";
import { DataTable } from "@/components/admin/ui/data-table";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass, inputClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { pickColumn, useRowSelection } from "@/components/admin/ui/row-selection";
import { ChoiceList } from "./choice-list";
import { MemberBulkBar, type AddToListAction, type BulkSelection } from "./member-bulk";
import { membersBulkMessages } from "@/modules/members/texts/members-bulk";
import { memberName } from "../texts/member-name";
import { type MemberOptions, type MemberPageView, type MemberRow } from "./types";
import { formatDate, formatNumber } from "@/lib/i18n/formats";

interface Filters {
  q: string;
  statuses: string[];
  email: "" | "EXISTS" | "MISSING";
  age_from: string;
  age_to: string;
  companies: string[];
  companies_include: string;
  props: string[];
  props_include: string;
  events: string[];
  events_include: string;
  sort: string;
}

const EMPTY: Filters = {
  q: "",
  statuses: [],
  email: "",
  age_from: "",
  age_to: "",
  companies: [],
  companies_include: "ANY",
  props: [],
  props_include: "ANY",
  events: [],
  events_include: "ANY",
  sort: "created_desc",
};

const LIST_KEYS = ["statuses", "companies", "props", "events"] as const;

function filtersFromAddress(params: URLSearchParams): Filters {
  const filters = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof Filters)[]) {
    const value = params.get(key);
    if (value === null) continue;
    if ((LIST_KEYS as readonly string[]).includes(key)) (filters[key] as string[]) = value.split(",").filter(Boolean);
    else (filters[key] as string) = value;
  }
  return filters;
}

function addressOf(filters: Filters, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = Array.isArray(value) ? value.join(",") : value;
    if (text && text !== EMPTY[key as keyof Filters]) params.set(key, text);
  }
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

const column = createColumnHelper<MemberRow>();
const NO_ROWS: MemberRow[] = [];

export function MembersScreen({
  options,
  initialQuery,
  canWrite,
  addToList,
}: {
  options: MemberOptions;
  initialQuery: string;
  canWrite: boolean;
  /** The bulk action that adds the selected members to a list; null without SUBSCRIPTION_LIST.U. */
  addToList: AddToListAction | null;
}) {
  const lang = useLang();
  const t = membersMessages(lang);
  const initial = useMemo(() => new URLSearchParams(initialQuery), [initialQuery]);
  const [applied, setApplied] = useState<Filters>(() => filtersFromAddress(initial));
  const [page, setPage] = useState(() => Math.max(1, Number(initial.get("page")) || 1));
  const form = useForm<Filters>({ defaultValues: applied });
  const address = addressOf(applied, page);
  const query = useQuery({
    queryKey: queryKeys.members.search(address),
    queryFn: () => fetchJson<MemberPageView>(`/admin/api/members?${address}`),
    placeholderData: keepPreviousData,
  });

  // The selection: ticked member ids (kept across pages), or every member the applied search matches; another search
  // is another set of people, so what was picked for the last one is let go.
  const selection = useRowSelection(addressOf(applied, 1));
  const apply = (filters: Filters, nextPage = 1) => {
    setApplied(filters);
    setPage(nextPage);
    window.history.replaceState(null, "", `?${addressOf(filters, nextPage)}`);
  };
  const [ageFrom, ageTo] = useWatch({ control: form.control, name: ["age_from", "age_to"] });
  const agesReversed = ageFrom !== "" && ageTo !== "" && Number(ageFrom) > Number(ageTo);

  const bulkText = membersBulkMessages(lang);
  const pageRows = query.data?.members ?? NO_ROWS;
  const columns = useMemo(
    () => [
      pickColumn(column, {
        rows: pageRows,
        idOf: (m) => m.id,
        labelOf: (m) => memberName(m, t.search.noName),
        selection,
        selectPage: bulkText.selectPage,
        selectRow: bulkText.selectRow,
      }),
      column.accessor((m) => memberName(m, t.search.noName), {
        id: "name",
        header: t.search.columns.name,
        cell: (info) => (
          <Link
            href={`/admin/members/${info.row.original.id}`}
            className="font-medium text-blue-800 underline hover:text-blue-950"
          >
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor((m) => m.email ?? t.common.none, {
        id: "email",
        header: t.search.columns.email,
        cell: (info) => <span className="break-all">{info.getValue()}</span>,
      }),
      column.accessor((m) => m.birthdate ?? t.common.none, {
        id: "birthdate",
        header: t.search.columns.birthdate,
        cell: (info) => <span className="whitespace-nowrap">{info.getValue()}</span>,
      }),
      column.display({
        id: "memberships",
        header: t.search.columns.memberships,
        cell: (info) => (
          <ul className="space-y-0.5">
            {info.row.original.memberships.map((m) => (
              <li key={m.id}>
                {m.company_name} · {m.period_name} · {t.common.statuses[m.status]}
              </li>
            ))}
          </ul>
        ),
      }),
      column.accessor("created_at", {
        header: t.search.columns.created,
        cell: (info) => <span className="whitespace-nowrap">{formatDate(lang, "date", info.getValue())}</span>,
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selection's functions are rebuilt with the state they read
    [t, lang, bulkText, pageRows, selection.ids, selection.allMatching],
  );
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: query.data?.members ?? NO_ROWS,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
  });
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / MEMBER_SCREEN_PAGE_SIZE));
  const bulk: BulkSelection = {
    count: selection.allMatching ? count : selection.ids.size,
    canSelectAllMatching:
      pageRows.length > 0 && pageRows.every((m) => selection.isPicked(m.id)) && count > pageRows.length,
    allMatching: selection.allMatching,
    selection: selection.allMatching ? { matching: addressOf(applied, 1) } : { member_ids: [...selection.ids] },
    matchingCount: count,
    onSelectAllMatching: selection.selectAllMatching,
    onClear: selection.clear,
  };
  const includeSelect = (name: "companies_include" | "props_include" | "events_include", what: string) => (
    <label className="mt-2 block text-sm">
      <span className="sr-only">{fill(t.search.include, { what })}</span>
      <select
        {...form.register(name)}
        aria-label={fill(t.search.include, { what })}
        className={`${inputClass} text-sm`}
      >
        {FILTER_INCLUDES.map((value) => (
          <option key={value} value={value}>
            {t.common.includes[value]}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="space-y-4">
      <form
        noValidate
        role="search"
        aria-label={t.search.filters}
        onSubmit={form.handleSubmit((values) => !agesReversed && apply(values))}
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            id="member-q"
            label={t.search.text}
            type="search"
            maxLength={200}
            autoComplete="off"
            className="min-w-64 flex-1"
            {...form.register("q")}
          />
          <SelectField id="member-sort" label={t.search.sort} {...form.register("sort")}>
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t.search.sorts[sort]}
              </option>
            ))}
          </SelectField>
          <button type="submit" className={buttonClass}>
            {t.search.apply}
          </button>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              form.reset(EMPTY);
              apply(EMPTY);
            }}
          >
            {t.search.reset}
          </button>
        </div>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          <fieldset>
            <legend className="font-medium">{t.search.statuses}</legend>
            {MEMBERSHIP_STATUSES.map((status) => (
              <CheckboxField
                key={status}
                label={t.common.statuses[status]}
                className="mt-1 flex items-start gap-2"
                value={status}
                {...form.register("statuses")}
              />
            ))}
          </fieldset>
          <div className="space-y-2">
            <SelectField id="member-email" label={t.search.email} {...form.register("email")}>
              <option value="">{t.search.emailAny}</option>
              <option value="EXISTS">{t.search.emailExists}</option>
              <option value="MISSING">{t.search.emailMissing}</option>
            </SelectField>
            <div className="flex gap-2">
              <TextField
                id="member-age-from"
                label={t.search.ageFrom}
                type="number"
                min={0}
                max={150}
                inputMode="numeric"
                {...form.register("age_from")}
              />
              <TextField
                id="member-age-to"
                label={t.search.ageTo}
                type="number"
                min={0}
                max={150}
                inputMode="numeric"
                error={agesReversed ? t.search.agesReversed : undefined}
                {...form.register("age_to")}
              />
            </div>
          </div>
          <ChoiceList
            legend={t.search.companies}
            filterLabel={t.search.companiesFilter}
            choices={options.companies.map((c) => ({ value: c.company_id, label: c.name }))}
            registration={form.register("companies")}
            footer={includeSelect("companies_include", t.search.companies)}
          />
          <div className="space-y-4">
            <ChoiceList
              legend={t.search.properties}
              choices={options.property_groups.flatMap((g) =>
                g.properties.map((p) => ({ value: String(p.prop_id), label: `${p.name} (${g.name})` })),
              )}
              registration={form.register("props")}
              footer={includeSelect("props_include", t.search.properties)}
            />
            {options.events.length > 0 && (
              <ChoiceList
                legend={t.search.events}
                choices={options.events.map((e) => ({
                  value: String(e.id),
                  label: `${e.name} ${e.starts_at.slice(0, 10)}`,
                }))}
                registration={form.register("events")}
                footer={includeSelect("events_include", t.search.events)}
              />
            )}
          </div>
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {query.isFetching
            ? t.search.searching
            : query.data
              ? count === 1
                ? t.search.countOne
                : fill(t.search.count, { count: formatNumber(lang, count) })
              : ""}
        </p>
        {canWrite && (
          <Link href="/admin/members/new" className={buttonClass}>
            {t.search.newMember}
          </Link>
        )}
      </div>
      <QueryState query={query}>
        {count === 0 ? (
          <p className="py-6 text-slate-700">{t.search.noMatches}</p>
        ) : (
          <>
            {(selection.allMatching || selection.ids.size > 0) && <MemberBulkBar bulk={bulk} addToList={addToList} />}
            <DataTable
              table={table}
              label={t.search.caption}
              busy={query.isFetching}
              className="min-w-[48rem]"
              testId="members-table"
            />
            {pages > 1 && (
              <nav aria-label={t.search.pagination} className="flex flex-wrap items-center gap-3 text-sm">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={page <= 1}
                  onClick={() => apply(applied, page - 1)}
                >
                  {t.search.previous}
                </button>
                <span>{fill(t.search.page, { page, pages })}</span>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={page >= pages}
                  onClick={() => apply(applied, page + 1)}
                >
                  {t.search.next}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
