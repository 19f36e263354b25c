"use client";
// An access group in a table cell: module and permission names, and the company scope with the companies' names.
import { accessMessages } from "@/modules/access/texts/access";
import { useLang } from "@/components/admin/i18n-context";
import type { ApiKeyRow, CompanyChoice } from "./types";

export function NameList({ items, labels }: { items: readonly string[] | null; labels: Record<string, string> }) {
  const t = accessMessages(useLang());
  if (items === null) return <span className="text-red-800">{t.access.unreadable}</span>;
  if (items.length === 0) return <span className="text-slate-700">{t.access.none}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {items.map((item) => (
        <li key={item} title={item} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-900">
          {labels[item] ?? item}
        </li>
      ))}
    </ul>
  );
}

export function ScopeSummary({
  companyIds,
  includeDescendants,
  companies,
}: {
  /** null: every company. */
  companyIds: readonly string[] | null;
  includeDescendants: boolean;
  companies: readonly CompanyChoice[] | undefined;
}) {
  const t = accessMessages(useLang());
  if (companyIds === null) return <span>{t.access.allCompanies}</span>;
  const name = (id: string) => companies?.find((c) => c.company_id === id)?.name ?? id;
  return (
    <div>
      <ul className="space-y-0.5">
        {companyIds.map((id) => (
          <li key={id} className="break-words">
            {name(id)}
          </li>
        ))}
      </ul>
      {includeDescendants && companyIds.length > 0 && (
        <span className="text-xs text-slate-700">{t.access.withDescendants}</span>
      )}
    </div>
  );
}

/** An API key's access: its modules, permissions and scope, each under its name. */
export function KeyAccess({
  apiKey,
  companies,
}: {
  apiKey: ApiKeyRow;
  companies: readonly CompanyChoice[] | undefined;
}) {
  const m = accessMessages(useLang());
  const scope = apiKey.scope;
  const term = (label: string, value: React.ReactNode) => (
    <div>
      <dt className="text-xs font-semibold text-slate-700">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-1.5">
      {term(m.keys.col.modules, <NameList items={apiKey.modules} labels={m.modules} />)}
      {term(m.keys.col.permissions, <NameList items={apiKey.permissions} labels={m.permissions} />)}
      {term(
        m.keys.col.scope,
        !scope ? (
          <span className="text-red-800">{m.access.unreadable}</span>
        ) : (
          <ScopeSummary
            companyIds={scope.kind === "all" ? null : scope.companyIds}
            includeDescendants={scope.kind === "all" || scope.includeDescendants}
            companies={companies}
          />
        ),
      )}
    </dl>
  );
}
