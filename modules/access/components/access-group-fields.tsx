"use client";
// The access-group editor shared by the API key and admin user forms: modules, change permissions, and the company
// scope (all companies, or chosen ones with or without their sub-companies). A controlled field: put it in a
// react-hook-form Controller over `access`. It offers nothing beyond what the signed-in ADMIN has (the service
// refuses that too); something already granted stays visible so it can be taken away.
import { useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { accessMessages, type AccessMessages } from "@/modules/access/texts/access";
import { queryKeys } from "@/lib/query-keys";
import { MODULES, PERMISSIONS } from "@/modules/access/schemas/access";
import { useLang } from "@/components/admin/i18n-context";
import type { AccessValue, CompanyChoice, Grantable } from "./types";
import { CheckboxField, FieldErrorLine, SearchField } from "@/components/ui/field";

export type AccessFieldErrors = Partial<
  Record<"modules" | "permissions" | "company_ids" | "include_descendants", string>
>;

/** The companies the signed-in ADMIN may grant, shared by every picker on the page. */
export function useGrantableCompanies() {
  return useQuery({
    queryKey: queryKeys.apiKeys.grantableCompanies,
    queryFn: () => fetchJson<CompanyChoice[]>("/admin/api/access/companies"),
    staleTime: 60_000,
  });
}

/** The scope's problem as staff read it: an empty choice of companies says what to do instead of "at least 1". */
export function companyIdsText(
  m: AccessMessages,
  text: string | undefined,
  error: { type?: unknown } | undefined,
): string | undefined {
  return typeof error?.type === "string" && error.type.startsWith("too_few") ? m.access.chooseSome : text;
}

/** The starting access of a new key or user: every module the ADMIN has, no change permission, its own scope kind. */
export function defaultAccess(grantable: Grantable): AccessValue {
  return {
    modules: MODULES.filter((m) => grantable.modules.includes(m)),
    permissions: [],
    company_ids: grantable.allScope ? null : [],
    include_descendants: grantable.descendants,
  };
}

/** The starting access of a new API key: no module (staff tick what the integration needs), no change permission,
 * and chosen companies (the key's own company is ticked when it is chosen), never "all companies" by default. */
export function defaultKeyAccess(grantable: Grantable): AccessValue {
  return { modules: [], permissions: [], company_ids: [], include_descendants: grantable.descendants };
}

/** The two lists of an access group, each a group of checkboxes. */
const ACCESS_LISTS = [
  { kind: "modules", codes: MODULES },
  { kind: "permissions", codes: PERMISSIONS },
] as const;

export function AccessGroupFields({
  value,
  onChange,
  grantable,
  errors,
}: {
  value: AccessValue;
  onChange: (value: AccessValue) => void;
  grantable: Grantable;
  errors: AccessFieldErrors;
}) {
  const t = accessMessages(useLang());
  const id = useId();
  const modules = value.modules ?? [];
  const permissions = value.permissions ?? [];
  const companyIds = value.company_ids ?? null;
  const includeDescendants = value.include_descendants ?? true;
  const set = (patch: Partial<AccessValue>) =>
    onChange({ modules, permissions, company_ids: companyIds, include_descendants: includeDescendants, ...patch });
  const toggle = <T extends string>(list: readonly T[], item: T, on: boolean): T[] =>
    on ? [...list, item] : list.filter((x) => x !== item);

  return (
    <div className="space-y-5">
      {ACCESS_LISTS.map(({ kind, codes }) => {
        const chosen: readonly string[] = kind === "modules" ? modules : permissions;
        const labels: Record<string, string> = t[kind];
        return (
          <CheckboxGroup
            key={kind}
            id={`${id}-${kind}`}
            legend={t.access[kind]}
            help={t.access[`${kind}Help`]}
            error={errors[kind]}
            items={codes.map((code) => ({ value: code, label: labels[code] ?? code, code }))}
            checked={chosen}
            grantable={grantable[kind]}
            notYours={t.access.notYours}
            onToggle={(code, on) => set({ [kind]: toggle(chosen, code, on) } as Partial<AccessValue>)}
          />
        );
      })}
      <ScopeFields
        id={`${id}-scope`}
        companyIds={companyIds}
        includeDescendants={includeDescendants}
        grantable={grantable}
        errors={errors}
        onChange={(patch) => set(patch)}
      />
    </div>
  );
}

function CheckboxGroup({
  id,
  legend,
  help,
  error,
  items,
  checked,
  grantable,
  notYours,
  onToggle,
}: {
  id: string;
  legend: string;
  help: string;
  error?: string;
  items: { value: string; label: string; code: string }[];
  checked: readonly string[];
  grantable: readonly string[];
  notYours: string;
  onToggle: (value: string, on: boolean) => void;
}) {
  const describedBy = [`${id}-help`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-medium">{legend}</legend>
      <p id={`${id}-help`} className="text-sm text-slate-700">
        {help}
      </p>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2">
        {items.map((item) => {
          const isChecked = checked.includes(item.value);
          const allowed = grantable.includes(item.value);
          const inputId = `${id}-${item.value}`;
          return (
            <li key={item.value}>
              <CheckboxField
                id={inputId}
                className={`flex items-start gap-2 ${allowed || isChecked ? "" : "text-slate-600"}`}
                label={
                  <>
                    {item.label}
                    <code className="block text-xs text-slate-700">{item.code}</code>
                    {!allowed && (
                      <span id={`${inputId}-note`} className="block text-xs text-slate-700">
                        {notYours}
                      </span>
                    )}
                  </>
                }
                checked={isChecked}
                disabled={!allowed && !isChecked}
                aria-describedby={allowed ? undefined : `${inputId}-note`}
                onChange={(e) => onToggle(item.value, e.target.checked)}
              />
            </li>
          );
        })}
      </ul>
      <FieldErrorLine id={id} error={error} />
    </fieldset>
  );
}

function ScopeFields({
  id,
  companyIds,
  includeDescendants,
  grantable,
  errors,
  onChange,
}: {
  id: string;
  companyIds: string[] | null;
  includeDescendants: boolean;
  grantable: Grantable;
  errors: AccessFieldErrors;
  onChange: (patch: Partial<AccessValue>) => void;
}) {
  const t = accessMessages(useLang());
  const companies = useGrantableCompanies();
  const [filter, setFilter] = useState("");
  // The choice made before switching to "all companies", restored when switching back.
  const [remembered, setRemembered] = useState<string[]>(companyIds ?? []);
  const all = companyIds === null;
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = companies.data ?? [];
    return needle ? list.filter((c) => c.name.toLowerCase().includes(needle) || c.org_number.includes(needle)) : list;
  }, [companies.data, filter]);
  // Chosen companies the list does not offer (outside the ADMIN's scope, or deleted) stay visible by id.
  const unknownChosen = (companyIds ?? []).filter(
    (cid) => companies.data && !companies.data.some((c) => c.company_id === cid),
  );
  const error = errors.company_ids;
  const descendantsError = errors.include_descendants;

  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="font-medium">{t.access.scope}</legend>
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <label
          htmlFor={`${id}-all`}
          className={`flex items-center gap-2 ${grantable.allScope || all ? "" : "text-slate-600"}`}
        >
          <input
            id={`${id}-all`}
            type="radio"
            name={`${id}-kind`}
            className="h-4 w-4 accent-blue-800"
            checked={all}
            disabled={!grantable.allScope && !all}
            aria-describedby={grantable.allScope ? undefined : `${id}-all-note`}
            onChange={() => {
              setRemembered(companyIds ?? []);
              onChange({ company_ids: null });
            }}
          />
          {t.access.scopeAll}
        </label>
        <label htmlFor={`${id}-some`} className="flex items-center gap-2">
          <input
            id={`${id}-some`}
            type="radio"
            name={`${id}-kind`}
            className="h-4 w-4 accent-blue-800"
            checked={!all}
            onChange={() => onChange({ company_ids: remembered })}
          />
          {t.access.scopeSome}
        </label>
      </div>
      {!grantable.allScope && (
        <p id={`${id}-all-note`} className="mt-1 text-xs text-slate-700">
          {t.access.scopeAllNotYours}
        </p>
      )}
      {!all && (
        <div className="mt-3 rounded-md border border-slate-300 p-3">
          <SearchField id={`${id}-filter`} label={t.access.filterCompanies} dense value={filter} onSearch={setFilter} />
          <p className="mt-2 text-sm text-slate-700" aria-live="polite">
            {t.access.chosenCount(companyIds?.length ?? 0)}
          </p>
          {companies.isLoading ? (
            <p role="status" className="py-2 text-sm text-slate-700">
              {t.access.companiesLoading}
            </p>
          ) : (
            <ul className="mt-2 max-h-56 space-y-1 overflow-y-auto pr-1" aria-label={t.access.scopeSome}>
              {unknownChosen.map((cid) => (
                <CompanyCheckbox
                  key={cid}
                  id={`${id}-c-${cid}`}
                  label={cid}
                  checked
                  onToggle={() => onChange({ company_ids: (companyIds ?? []).filter((x) => x !== cid) })}
                />
              ))}
              {shown.map((c) => {
                const checked = companyIds?.includes(c.company_id) ?? false;
                return (
                  <CompanyCheckbox
                    key={c.company_id}
                    id={`${id}-c-${c.company_id}`}
                    label={c.name}
                    detail={c.org_number}
                    checked={checked}
                    onToggle={(on) =>
                      onChange({
                        company_ids: on
                          ? [...(companyIds ?? []), c.company_id]
                          : (companyIds ?? []).filter((x) => x !== c.company_id),
                      })
                    }
                  />
                );
              })}
              {shown.length === 0 && unknownChosen.length === 0 && (
                <li className="text-sm text-slate-700">{t.access.noCompanies}</li>
              )}
            </ul>
          )}
          <CheckboxField
            id={`${id}-descendants`}
            className={`mt-3 flex items-start gap-2 ${grantable.descendants || includeDescendants ? "" : "text-slate-600"}`}
            label={t.access.includeDescendants}
            description={
              grantable.descendants ? undefined : <span id={`${id}-desc-note`}>{t.access.descendantsNotYours}</span>
            }
            checked={includeDescendants}
            disabled={!grantable.descendants && !includeDescendants}
            aria-invalid={descendantsError ? true : undefined}
            aria-describedby={
              [grantable.descendants ? null : `${id}-desc-note`, descendantsError ? `${id}-desc-error` : null]
                .filter(Boolean)
                .join(" ") || undefined
            }
            onChange={(e) => onChange({ include_descendants: e.target.checked })}
          />
          <FieldErrorLine id={`${id}-desc`} error={descendantsError} />
        </div>
      )}
      <FieldErrorLine id={id} error={error} />
    </fieldset>
  );
}

function CompanyCheckbox({
  id,
  label,
  detail,
  checked,
  onToggle,
}: {
  id: string;
  label: string;
  detail?: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <li>
      <CheckboxField
        id={id}
        className="flex items-start gap-2 rounded px-1 py-0.5 hover:bg-slate-50"
        label={
          <>
            {label} {detail && <span className="text-sm text-slate-700">{detail}</span>}
          </>
        }
        checked={checked}
        onChange={(e) => onToggle(e.target.checked)}
      />
    </li>
  );
}
