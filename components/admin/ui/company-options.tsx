"use client";
// The company picker of the screens that work on one company at a time (events, sendouts, suppressed addresses,
// webhooks): a first "choose" option, then the companies by name; choosing one opens the screen on it (?company_id=).
// Given a search label, a long list (a federation's 28 clubs) gets a search field beside it that narrows the choice.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SearchField, SelectField } from "@/components/ui/field";

/** From this many companies on, the picker offers its search field. */
const SEARCH_FROM = 8;

function CompanyOptions({
  companies,
  placeholder,
}: {
  companies: { company_id: string; name: string }[];
  placeholder: string;
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {companies.map((c) => (
        <option key={c.company_id} value={c.company_id}>
          {c.name}
        </option>
      ))}
    </>
  );
}

export function CompanyPicker({
  id,
  label,
  placeholder,
  companies,
  companyId,
  onChoose,
  search,
}: {
  id: string;
  label: string;
  placeholder: string;
  companies: { company_id: string; name: string }[];
  companyId: string;
  /** What choosing does (default: open the screen on the company through the address). */
  onChoose?: (companyId: string) => void;
  /** The search field's label and its count of matches; without it, the plain select. */
  search?: { label: string; matching: (n: number) => string };
}) {
  const router = useRouter();
  const [filter, setFilter] = useState("");
  const choose =
    onChoose ?? ((chosen: string) => router.push(chosen ? `?company_id=${encodeURIComponent(chosen)}` : "?"));
  const needle = filter.trim().toLocaleLowerCase("sv");
  // The chosen company stays in the list whatever the search, so the select never shows another one.
  const shown = needle
    ? companies.filter((c) => c.company_id === companyId || c.name.toLocaleLowerCase("sv").includes(needle))
    : companies;
  const matches = needle ? companies.filter((c) => c.name.toLocaleLowerCase("sv").includes(needle)) : [];
  const searchable = search && companies.length >= SEARCH_FROM;
  const select = (
    <SelectField
      id={id}
      label={label}
      value={companyId}
      onChange={(e) => choose(e.target.value)}
      className="w-full max-w-md"
    >
      <CompanyOptions companies={shown} placeholder={placeholder} />
    </SelectField>
  );
  if (!searchable) return select;
  return (
    <div className="flex w-full flex-wrap items-start gap-3 lg:max-w-3xl">
      <div className="w-full max-w-xs">
        <SearchField
          id={`${id}-search`}
          label={search.label}
          value={filter}
          onSearch={(text) => {
            setFilter(text);
            const needleNow = text.trim().toLocaleLowerCase("sv");
            const only = needleNow ? companies.filter((c) => c.name.toLocaleLowerCase("sv").includes(needleNow)) : [];
            // One match: it is the one meant.
            if (only.length === 1 && only[0].company_id !== companyId) choose(only[0].company_id);
          }}
        />
        <p className="mt-1 text-sm text-slate-700" aria-live="polite">
          {needle ? search.matching(matches.length) : ""}
        </p>
      </div>
      <div className="min-w-64 flex-1">{select}</div>
    </div>
  );
}

/**
 * The company a screen shows, kept in the address (?company_id=) without a navigation, so a reload or a shared link
 * opens the same one. `onChoose` runs on every choice (a screen closes its open form).
 */
export function useCompanyInAddress(initial: string, onChoose: () => void): [string, (id: string) => void] {
  const [companyId, setCompanyId] = useState(initial);
  const choose = (id: string) => {
    setCompanyId(id);
    onChoose();
    window.history.replaceState(null, "", id ? `?company_id=${encodeURIComponent(id)}` : "?");
  };
  return [companyId, choose];
}
