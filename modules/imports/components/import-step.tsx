"use client";
// One import on the import screen, by its status: UPLOADED shows the mapping (one select per column, prefilled with
// the service's suggestion), the preview and Start (for subscribers with the consent statement); QUEUED and RUNNING a
// progress bar (polled every second); DONE the figures, the result file and Undo behind a confirmation that counts the
// rows it removes; UNDONE and FAILED what happened.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { Panel } from "@/components/admin/ui/page-parts";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass, secondaryButtonClass, tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { SelectField, TextAreaField } from "@/components/ui/field";
import { fetchJson } from "@/lib/client/fetch-json";
import { importsMessages, reasonLabel } from "@/modules/imports/texts/imports";
import { formatNumber } from "@/lib/i18n/formats";
import { IMPORT_FIELDS, type ImportField } from "@/modules/imports/schemas/imports";
import { useLang } from "@/components/admin/i18n-context";
import { type ImportPreviewData, type ImportUndoData, type ImportViewData, postJson } from "./import-api";

const ACTIVE = ["QUEUED", "RUNNING"];
const PROBLEMS_SHOWN = 20;

const failureText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

export function ImportStep({ id, onClose }: { id: number; onClose: () => void }) {
  const lang = useLang();
  const t = importsMessages(lang);
  const queryClient = useQueryClient();
  const [rowCount, setRowCount] = useState<number | null>(null);
  const query = useQuery({
    queryKey: ["import", id],
    queryFn: () => fetchJson<ImportViewData>(`/admin/api/imports/${id}`),
    refetchInterval: (q) => (q.state.data && ACTIVE.includes(q.state.data.status) ? 1000 : false),
  });
  const view = query.data;
  const changed = (next: ImportViewData) => {
    queryClient.setQueryData(["import", id], next);
    void queryClient.invalidateQueries({ queryKey: ["imports"] });
  };
  const title = !view
    ? t.title
    : view.status === "UPLOADED"
      ? t.mapping
      : ACTIVE.includes(view.status)
        ? t.progress
        : view.status === "FAILED"
          ? t.failed
          : view.status === "UNDONE"
            ? t.undoneTitle
            : t.done;
  return (
    <Panel id="import-step" title={`${title}${view ? ` · ${view.file_name}` : ""}`}>
      <QueryState query={query}>
        {view?.status === "UPLOADED" && <MappingStep view={view} onRowCount={setRowCount} onStarted={changed} />}
        {view && ACTIVE.includes(view.status) && <Progress view={view} rowCount={rowCount} />}
        {view && (view.status === "DONE" || view.status === "UNDONE") && (
          <Outcome
            view={view}
            onUndone={() => void query.refetch().then(() => queryClient.invalidateQueries({ queryKey: ["imports"] }))}
          />
        )}
        {view?.status === "FAILED" && (
          <p role="alert" className="text-red-800">
            {view.error ?? t.error}
          </p>
        )}
      </QueryState>
      <button type="button" className={secondaryButtonClass} onClick={onClose}>
        {t.another}
      </button>
    </Panel>
  );
}

/** The service's mapping (field -> header) as one field per column; a header that appears twice fills from its first column. */
function fieldsByColumn(columns: string[], mapping: ImportViewData["mapping"]): string[] {
  return columns.map((header, index) => {
    if (columns.indexOf(header) !== index) return "";
    return Object.entries(mapping).find(([, mapped]) => mapped === header)?.[0] ?? "";
  });
}

function MappingStep({
  view,
  onRowCount,
  onStarted,
}: {
  view: ImportViewData;
  onRowCount: (n: number) => void;
  onStarted: (view: ImportViewData) => void;
}) {
  const lang = useLang();
  const t = importsMessages(lang);
  const [chosen, setChosen] = useState(() => fieldsByColumn(view.columns, view.mapping));
  const [preview, setPreview] = useState<ImportPreviewData | null>(null);
  const [consent, setConsent] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const twice = IMPORT_FIELDS.find((field) => chosen.filter((f) => f === field).length > 1);
  const mappingError = twice ? t.twice(t.fields[twice]) : chosen.includes("email") ? null : t.emailRequired;
  const mapping = Object.fromEntries(
    chosen.flatMap((field, index) => (field ? [[field, view.columns[index]]] : [])),
  ) as Partial<Record<ImportField, string>>;
  const consentError = view.kind === "SUBSCRIBER" && consent.trim().length < 3 ? t.consentShort : undefined;

  async function send<T>(path: string, body: object, done: (answer: T) => void) {
    setBusy(true);
    setError(null);
    try {
      done(await postJson<T>(`/admin/api/imports/${view.id}/${path}`, body));
    } catch (failure) {
      setError(failureText(failure, t.error));
    } finally {
      setBusy(false);
    }
  }
  const showPreview = () =>
    send<ImportPreviewData>("preview", { mapping }, (answer) => {
      setPreview(answer);
      onRowCount(answer.row_count);
    });
  const start = () =>
    send<ImportViewData>(
      "start",
      view.kind === "SUBSCRIBER" ? { mapping, consent_source: consent.trim() } : { mapping },
      onStarted,
    );
  const mappedFields = IMPORT_FIELDS.filter((field) => mapping[field]);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t.mappingIntro}</p>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {view.columns.map((column, index) => (
          <SelectField
            key={index}
            id={`import-column-${index}`}
            label={column || `#${index + 1}`}
            value={chosen[index]}
            onChange={(e) => {
              setChosen(chosen.map((field, i) => (i === index ? e.target.value : field)));
              setPreview(null);
            }}
          >
            <option value="">{t.notImported}</option>
            {IMPORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {t.fields[field]}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      {mappingError && <p className="text-sm text-red-800">{mappingError}</p>}
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={busy || mappingError !== null}
        onClick={() => void showPreview()}
      >
        {busy && !preview ? t.previewing : t.showPreview}
      </button>
      {preview && (
        <section aria-labelledby="import-preview-heading" className="space-y-3">
          <h3 id="import-preview-heading" className="font-semibold">
            {t.preview}
          </h3>
          <p className="text-sm text-slate-700">
            {t.previewIntro(formatNumber(lang, preview.rows.length), formatNumber(lang, preview.row_count))}
          </p>
          <div className="overflow-x-auto">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>{t.row}</th>
                  {mappedFields.map((field) => (
                    <th key={field} className={thClass}>
                      {t.fields[field]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row}>
                    <td className={tdClass}>{row.row}</td>
                    {mappedFields.map((field) => (
                      <td key={field} className={`${tdClass} break-all`}>
                        {row.values[field] ?? ""}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div data-testid="import-problems">
            <p className="text-sm font-medium">{t.problems(preview.problem_count)}</p>
            <ul className="list-disc pl-6 text-sm">
              {preview.problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
                <li key={`${problem.row}-${problem.field}`}>
                  {t.row} {problem.row}: {t.fields[problem.field] ?? problem.field}:{" "}
                  {reasonLabel(t, { ...problem.params, code: problem.code, field: problem.field })}
                </li>
              ))}
            </ul>
            {preview.problem_count > PROBLEMS_SHOWN && (
              <p className="text-sm">{t.moreProblems(preview.problem_count - PROBLEMS_SHOWN)}</p>
            )}
          </div>
          {view.kind === "SUBSCRIBER" && (
            <TextAreaField
              id="import-consent"
              label={t.consent}
              help={t.consentHelp}
              value={consent}
              maxLength={500}
              rows={3}
              onChange={(e) => setConsent(e.target.value)}
            />
          )}
          <button
            type="button"
            className={buttonClass}
            disabled={busy || mappingError !== null || consentError !== undefined}
            onClick={() => void start()}
          >
            {busy ? t.starting : t.start}
          </button>
        </section>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

function Progress({ view, rowCount }: { view: ImportViewData; rowCount: number | null }) {
  const lang = useLang();
  const t = importsMessages(lang);
  const text = t.rowsRead(formatNumber(lang, view.rows_read), rowCount === null ? null : formatNumber(lang, rowCount));
  return (
    <div className="space-y-2">
      <progress
        className="h-4 w-full max-w-xl"
        aria-label={t.progress}
        value={rowCount === null ? undefined : view.rows_read}
        max={rowCount ?? undefined}
      />
      <p className="text-sm text-slate-700" aria-live="polite">
        {t.statuses[view.status]}: {text}
      </p>
    </div>
  );
}

function Outcome({ view, onUndone }: { view: ImportViewData; onUndone: () => void }) {
  const lang = useLang();
  const t = importsMessages(lang);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const n = (value: number) => formatNumber(lang, value);
  async function undo() {
    setPending(true);
    try {
      const answer = await postJson<ImportUndoData>(`/admin/api/imports/${view.id}/undo`, null);
      toast.success(t.undone(n(answer.removed), n(answer.kept)));
      setOpen(false);
      onUndone();
    } catch (failure) {
      toast.error(failureText(failure, t.error));
    } finally {
      setPending(false);
    }
  }
  return (
    <div className="space-y-3">
      <dl className="flex flex-wrap gap-6" data-testid="import-figures">
        {(
          [
            ["added", view.added],
            ["updated", view.updated],
            ["skipped", view.skipped],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="text-sm text-slate-700">{t[key]}</dt>
            <dd className="text-2xl font-semibold">{n(value)}</dd>
          </div>
        ))}
      </dl>
      {view.status === "UNDONE" && <p role="status">{t.undone(n(view.undo_removed ?? 0), n(view.undo_kept ?? 0))}</p>}
      <div className="flex flex-wrap items-center gap-3">
        <a
          href={`/admin/api/imports/${view.id}/result.csv`}
          download
          className="text-blue-800 underline hover:text-blue-950"
        >
          {t.download}
        </a>
        {view.status === "DONE" && (
          <ConfirmButton
            label={t.undo}
            title={t.undoTitle}
            body={<p>{t.undoBody(n(view.undo_removable))}</p>}
            confirmLabel={t.undoConfirm}
            cancelLabel={t.cancel}
            danger
            compact={false}
            open={open}
            onOpenChange={setOpen}
            pending={pending}
            onConfirm={() => void undo()}
          />
        )}
      </div>
    </div>
  );
}
