"use client";
// /admin/companies: the register in the caller's scope, searched on the server (debounced), as a table or a tree.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { CompanyTable } from "./company-table";
import { CompanyTree } from "./company-tree";
import type { RegisterRow } from "./types";
import { SearchField } from "@/components/ui/field";
import { useSearchText } from "@/components/admin/ui/use-debounced";

// One empty array for "no rows yet": a new [] on each render makes TanStack Table reset in a loop.
const NO_COMPANIES: never[] = [];

export type RegisterView = "table" | "tree";

const toggleClass =
  "rounded-md px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200 focus:outline-none focus-visible:ring-2 " +
  "focus-visible:ring-blue-700 aria-pressed:bg-blue-800 aria-pressed:text-white";

export function CompanyRegister({ initialView }: { initialView: RegisterView }) {
  const lang = useLang();
  const t = companiesMessages(lang).register;
  const { search, setSearch, q } = useSearchText();
  const [view, setView] = useState<RegisterView>(initialView);
  const query = useQuery({
    queryKey: queryKeys.companies.all(q),
    queryFn: () => fetchJson<RegisterRow[]>(`/admin/api/companies${q ? `?q=${encodeURIComponent(q)}` : ""}`),
    placeholderData: keepPreviousData,
  });
  const rows = query.data ?? NO_COMPANIES;
  const pending = search.trim() !== q || (query.isFetching && query.isPlaceholderData);

  const changeView = (next: RegisterView) => {
    setView(next);
    // The view is part of the address, so a reload or a shared link keeps it.
    const url = new URL(window.location.href);
    if (next === "tree") url.searchParams.set("view", "tree");
    else url.searchParams.delete("view");
    window.history.replaceState(null, "", url);
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SearchField
          id="company-search"
          label={t.search}
          value={search}
          onSearch={setSearch}
          maxLength={100}
          className="w-full max-w-md"
        />
        <p className="text-sm text-slate-700" role="status" aria-live="polite">
          {pending ? t.searching : query.data ? t.count(rows.length) : ""}
        </p>
      </div>
      {/* A pair of toggle buttons rather than Radix Tabs, whose server-rendered style attributes the CSP refuses. */}
      <div
        role="group"
        aria-label={t.viewLabel}
        className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1"
      >
        {(["table", "tree"] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => changeView(value)}
            className={toggleClass}
          >
            {value === "table" ? t.table : t.tree}
          </button>
        ))}
      </div>
      <QueryState query={query}>
        {rows.length === 0 ? (
          <p className="py-6 text-slate-700">{q ? t.noMatches : shellMessages(lang).empty}</p>
        ) : view === "tree" ? (
          <CompanyTree rows={rows} />
        ) : (
          <CompanyTable rows={rows} />
        )}
      </QueryState>
    </div>
  );
}
