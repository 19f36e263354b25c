"use client";
// The import screen: a new import (kind, company or list, file), the chosen import's step (mapping and preview, then
// progress, then the figures, the result file and undo), and the recent imports to come back to.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CompanyPicker } from "@/components/admin/ui/company-options";
import { Panel } from "@/components/admin/ui/page-parts";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass, secondaryButtonClass, tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { Field, SelectField } from "@/components/ui/field";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import { importsMessages, uploadRefusal } from "@/modules/imports/texts/imports";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import type { ImportPeriod } from "@/modules/imports/services/membership";
import { IMPORT_MEDIA_TYPES } from "@/modules/imports/schemas/imports";
import { useLang } from "@/components/admin/i18n-context";
import { ImportStep } from "./import-step";
import { type ImportKind, type ImportViewData, postJson } from "./import-api";

/** The chosen company's period a member import gives memberships in (imports-membership.ts); null: none runs now. */
type Period = Pick<ImportPeriod, "name" | "startDate" | "endDate"> | null;

export function ImportsScreen({
  companies,
  companyId,
  lists,
  period,
  kinds,
}: {
  companies: { company_id: string; name: string }[];
  companyId: string;
  lists: { id: number; name: string }[];
  period: Period;
  /** The kinds the staff member may import (their module and write permission); none: the screen only shows. */
  kinds: ImportKind[];
}) {
  const lang = useLang();
  const t = importsMessages(lang);
  const queryClient = useQueryClient();
  const [currentId, setCurrentId] = useState<number | null>(null);
  const recent = useQuery({
    queryKey: ["imports"],
    queryFn: () => fetchJson<ImportViewData[]>("/admin/api/imports"),
    refetchInterval: 5000,
  });
  const opened = (view: ImportViewData) => {
    setCurrentId(view.id);
    void queryClient.invalidateQueries({ queryKey: ["imports"] });
  };
  return (
    <div className="space-y-6">
      {currentId === null ? (
        kinds.length > 0 && (
          <NewImport
            companies={companies}
            companyId={companyId}
            lists={lists}
            period={period}
            kinds={kinds}
            onUploaded={opened}
          />
        )
      ) : (
        <ImportStep id={currentId} onClose={() => setCurrentId(null)} />
      )}
      <Panel id="recent-imports" title={t.recent}>
        <QueryState query={recent} isEmpty={recent.data?.length === 0} emptyText={t.recentEmpty}>
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>{t.columns.file}</th>
                  <th className={thClass}>{t.columns.kind}</th>
                  <th className={thClass}>{t.columns.status}</th>
                  <th className={thClass}>{t.columns.created}</th>
                  <th className={thClass}>{t.columns.figures}</th>
                  <th className={thClass}>
                    <span className="sr-only">{t.open}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {recent.data?.map((run) => (
                  <tr key={run.id}>
                    <td className={`${tdClass} break-words`}>{run.file_name}</td>
                    <td className={tdClass}>{t.kindShort[run.kind]}</td>
                    <td className={tdClass}>{t.statuses[run.status]}</td>
                    <td className={tdClass}>{formatDate(lang, "dateTime", run.created_at)}</td>
                    <td className={tdClass}>
                      {formatNumber(lang, run.added)} / {formatNumber(lang, run.updated)} /{" "}
                      {formatNumber(lang, run.skipped)}
                    </td>
                    <td className={tdClass}>
                      <button
                        type="button"
                        className={`${secondaryButtonClass} px-3 py-1.5`}
                        aria-label={t.openLabel(run.file_name)}
                        onClick={() => setCurrentId(run.id)}
                      >
                        {t.open}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </QueryState>
      </Panel>
    </div>
  );
}

function mediaType(fileName: string): string | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".csv")) return IMPORT_MEDIA_TYPES.csv;
  if (lower.endsWith(".xlsx")) return IMPORT_MEDIA_TYPES.xlsx;
  return null;
}

function NewImport({
  companies,
  companyId,
  lists,
  period,
  kinds,
  onUploaded,
}: {
  companies: { company_id: string; name: string }[];
  companyId: string;
  lists: { id: number; name: string }[];
  period: Period;
  kinds: ImportKind[];
  onUploaded: (view: ImportViewData) => void;
}) {
  const lang = useLang();
  const t = importsMessages(lang);
  const [kind, setKind] = useState<ImportKind>(kinds[0]);
  const [chosenList, setListId] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // The screen keeps its state when another company is chosen: a list of the one before is no choice any more.
  const listId = lists.some((list) => String(list.id) === chosenList) ? chosenList : "";
  const missing = [
    ...(companyId === "" ? (["company"] as const) : []),
    ...(kind === "SUBSCRIBER" && listId === "" ? (["list"] as const) : []),
    ...(file === null ? (["file"] as const) : []),
  ];
  const ready = missing.length === 0;
  const companyName = companies.find((c) => c.company_id === companyId)?.name ?? "";

  async function upload() {
    if (!file) return;
    const type = mediaType(file.name);
    if (!type) {
      setError(t.wrongType);
      return;
    }
    setError(null);
    setUploading(true);
    try {
      const target: Record<string, string> = kind === "MEMBER" ? { company_id: companyId } : { list_id: listId };
      const query = new URLSearchParams({ kind, ...target, file_name: file.name.slice(0, 200) });
      onUploaded(await postJson<ImportViewData>(`/admin/api/imports?${query}`, file, type));
    } catch (failure) {
      setError(
        failure instanceof HttpError && failure.status === 413
          ? uploadRefusal(t, lang, failure.message)
          : failure instanceof Error
            ? failure.message
            : t.error,
      );
    } finally {
      setUploading(false);
    }
  }

  return (
    <Panel id="new-import" title={t.newImport}>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-900">{t.kind}</legend>
        <div className="flex flex-wrap gap-4">
          {kinds.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input type="radio" name="import-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {t.kinds[k]}
            </label>
          ))}
        </div>
      </fieldset>
      <CompanyPicker
        id="import-company"
        label={t.company}
        placeholder={t.chooseCompany}
        companies={companies}
        companyId={companyId}
        search={{ label: t.searchCompany, matching: t.matching }}
      />
      {kind === "MEMBER" && companyId !== "" && (
        <p className="max-w-2xl text-sm text-slate-700" data-testid="import-membership">
          {period ? t.membership(companyName, period.name, period.startDate, period.endDate) : t.noPeriod(companyName)}
        </p>
      )}
      {kind === "SUBSCRIBER" &&
        (lists.length === 0 ? (
          <p className="text-sm text-slate-700">{t.noLists}</p>
        ) : (
          <SelectField
            id="import-list"
            label={t.list}
            value={listId}
            onChange={(e) => setListId(e.target.value)}
            className="w-full max-w-md"
          >
            <option value="">{t.chooseList}</option>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </SelectField>
        ))}
      <Field id="import-file" label={t.fileLabel} help={t.fileHelp} error={error ?? undefined}>
        {(wiring) => (
          <input
            {...wiring}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="mt-1 block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-4 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-100"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <div className="space-y-1">
        <button
          type="button"
          className={buttonClass}
          disabled={!ready || uploading}
          aria-describedby={ready ? undefined : "import-upload-needs"}
          onClick={() => void upload()}
        >
          {uploading ? t.uploading : t.upload}
        </button>
        {!ready && (
          <p id="import-upload-needs" className="text-sm text-slate-700">
            {t.uploadNeeds(missing.map((need) => t.needs[need]))}
          </p>
        )}
      </div>
    </Panel>
  );
}
