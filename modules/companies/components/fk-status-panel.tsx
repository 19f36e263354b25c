"use client";
// A company's leisure-card status: the current value, a form to change it (COMPANY.U) and the history of changes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { companiesMessages, type CompaniesMessages } from "@/modules/companies/texts/companies";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { FK_STATUSES, FkStatusForm, isFkStatus } from "@/modules/companies/schemas/company";
import { SelectField } from "@/components/ui/field";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { failureText as actionErrorText, showFieldErrors } from "@/components/admin/action-errors";
import type { CompanyActions, CompanyDetail, FkHistoryEntry } from "./types";
import { formatDate } from "@/lib/i18n/formats";
import { Panel } from "@/components/admin/ui/page-parts";

export function FkStatusPanel({
  company,
  canWrite,
  changeFkStatus,
}: {
  company: CompanyDetail;
  canWrite: boolean;
  changeFkStatus: CompanyActions["changeFkStatus"];
}) {
  const lang = useLang();
  const t = companiesMessages(lang);
  const labels = shellMessages(lang).fkStatus;
  const label = (status: string) => labels[status] ?? status;
  return (
    <Panel id="fk" title={t.fk.heading} spacing="">
      <p className="mt-2">
        <span className="text-slate-700">{t.fk.current}: </span>
        <strong data-testid="fk-current">{label(company.fk_status)}</strong>
      </p>
      {canWrite && <ChangeFkStatusForm company={company} changeFkStatus={changeFkStatus} label={label} />}
      <h3 className="mt-6 text-base font-semibold">{t.fk.historyHeading}</h3>
      <FkHistory companyId={company.company_id} t={t.fk} label={label} />
    </Panel>
  );
}

type FormInput = z.input<typeof FkStatusForm>;
type FormOutput = z.output<typeof FkStatusForm>;

function ChangeFkStatusForm({
  company,
  changeFkStatus,
  label,
}: {
  company: CompanyDetail;
  changeFkStatus: CompanyActions["changeFkStatus"];
  label: (status: string) => string;
}) {
  const lang = useLang();
  const t = companiesMessages(lang);
  const queryClient = useQueryClient();
  const current = isFkStatus(company.fk_status) ? company.fk_status : "NONE";
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: keyedZodResolver(FkStatusForm),
    defaultValues: { fk_status: current },
  });
  // A change made elsewhere (another tab, the API) shows up as the form's starting value once the company reloads.
  useEffect(() => form.reset({ fk_status: current }), [current, form]);

  // The change is asked first, naming the company and both statuses; the dialog stays open until the answer came.
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (values: FormOutput) =>
      unwrap(changeFkStatus({ company_id: company.company_id, fk_status: values.fk_status })),
    onSuccess: (result) => {
      setConfirming(false);
      toast.success(t.fk.saved(label(result.fk_status)));
      queryClient.setQueryData<CompanyDetail>(queryKeys.companies.one(company.company_id), (old) =>
        old ? { ...old, fk_status: result.fk_status } : old,
      );
      // Not awaited: the form is free again at once; the history and the register refresh behind it.
      for (const queryKey of [
        queryKeys.companies.one(company.company_id),
        queryKeys.companies.history(company.company_id),
        queryKeys.companies.lists,
        queryKeys.overview,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (error) => {
      setConfirming(false);
      showFieldErrors(form.setError, error, ["fk_status"]);
      toast.error(actionErrorText(t.errors, error));
    },
  });
  const error = form.formState.errors.fk_status;
  const errorText = error && fieldErrorText(lang, "fk_status", error.type as string, error.message);
  const chosen = useWatch({ control: form.control, name: "fk_status" });
  const unchanged = chosen === current;

  return (
    <form onSubmit={(e) => e.preventDefault()} noValidate className="mt-4 flex flex-wrap items-end gap-3">
      <SelectField
        id="fk-status"
        label={t.fk.newStatus}
        error={errorText}
        className="min-w-56 flex-1"
        {...form.register("fk_status")}
      >
        {FK_STATUSES.map((status) => (
          <option key={status} value={status}>
            {label(status)}
          </option>
        ))}
      </SelectField>
      <ConfirmButton
        compact={false}
        label={mutation.isPending ? t.fk.saving : t.fk.save}
        disabled={unchanged}
        describedBy={unchanged ? "fk-status-unchanged" : undefined}
        title={t.fk.confirmTitle(company.name)}
        body={
          <>
            <p data-testid="fk-confirm-change">{t.fk.confirmBody(company.name, label(current), label(chosen))}</p>
            <p>{t.fk.confirmEffect}</p>
          </>
        }
        confirmLabel={mutation.isPending ? t.fk.saving : t.fk.confirm}
        cancelLabel={t.fk.cancel}
        open={confirming}
        onOpenChange={setConfirming}
        pending={mutation.isPending}
        onConfirm={() => void form.handleSubmit((values) => mutation.mutate(values))()}
      />
      {unchanged && (
        <p id="fk-status-unchanged" className="w-full text-sm text-slate-700">
          {t.fk.unchanged}
        </p>
      )}
    </form>
  );
}

function FkHistory({
  companyId,
  t,
  label,
}: {
  companyId: string;
  t: CompaniesMessages["fk"];
  label: (status: string) => string;
}) {
  const lang = useLang();
  const query = useQuery({
    queryKey: queryKeys.companies.history(companyId),
    queryFn: () => fetchJson<FkHistoryEntry[]>(`/admin/api/companies/${companyId}/history`),
  });
  const actor = (changedBy: string) => {
    if (changedBy === "cli") return t.actorCli;
    if (changedBy.startsWith("api:")) return t.actorApi(changedBy.slice(4));
    if (changedBy.startsWith("admin:")) return changedBy.slice(6);
    return changedBy;
  };
  const entries = query.data ?? [];
  return (
    <QueryState query={query}>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-700">{t.noHistory}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className={tableClass} data-testid="fk-history">
            <caption className="sr-only">{t.historyCaption}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {t.when}
                </th>
                <th scope="col" className={thClass}>
                  {t.who}
                </th>
                <th scope="col" className={thClass}>
                  {t.from}
                </th>
                <th scope="col" className={thClass}>
                  {t.to}
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, index) => (
                <tr key={`${entry.changed_at}-${index}`}>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    <time dateTime={entry.changed_at}>{formatDate(lang, "dateTime", entry.changed_at)}</time>
                  </td>
                  <td className={`${tdClass} break-all`}>{actor(entry.changed_by)}</td>
                  <td className={tdClass}>{label(entry.from)}</td>
                  <td className={tdClass}>{label(entry.to)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </QueryState>
  );
}
