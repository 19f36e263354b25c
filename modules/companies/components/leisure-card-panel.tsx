"use client";
// A company's leisure-card credential: what the record says (giro details, last change; never the key), a form to set
// or replace it (COMPANY.U; the key field is emptied after saving), and the approved-provider check.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { GIRO_TYPES, LeisureCardKeyForm, type ProviderCheckOutcome } from "@/modules/companies/schemas/company";
import { SelectField, TextField } from "@/components/ui/field";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { failureText as actionErrorText, showFieldErrors } from "@/components/admin/action-errors";
import type { CompanyActions, LeisureCardKeyRecord } from "./types";
import { formatDate } from "@/lib/i18n/formats";
import { Panel } from "@/components/admin/ui/page-parts";

type FormInput = z.input<typeof LeisureCardKeyForm>;
type FormOutput = z.output<typeof LeisureCardKeyForm>;
const FIELDS = ["api_key", "giro_type", "giro_number"] as const;

export function LeisureCardPanel({
  companyId,
  orgNumber,
  canWrite,
  setLeisureCardKey,
  checkProviderStatus,
}: {
  companyId: string;
  orgNumber: string;
  canWrite: boolean;
  setLeisureCardKey: CompanyActions["setLeisureCardKey"];
  checkProviderStatus: CompanyActions["checkProviderStatus"];
}) {
  const lang = useLang();
  const t = companiesMessages(lang).key;
  const query = useQuery({
    queryKey: queryKeys.companies.leisureCardKey(companyId),
    queryFn: () => fetchJson<LeisureCardKeyRecord | null>(`/admin/api/companies/${companyId}/leisure-card-key`),
  });
  const record = query.data ?? null;

  return (
    <>
      <Panel id="key" title={t.heading} intro={t.intro} spacing="">
        <QueryState query={query}>
          {record ? (
            <dl className="mt-3 grid grid-cols-[minmax(0,10rem)_1fr] gap-x-4 gap-y-1" data-testid="key-record">
              <dt className="font-medium text-slate-700">{t.giroType}</dt>
              <dd>{record.giro_type ? (t.giroTypes[record.giro_type] ?? record.giro_type) : "–"}</dd>
              <dt className="font-medium text-slate-700">{t.giroNumber}</dt>
              <dd>{record.giro_number ?? "–"}</dd>
              <dt className="font-medium text-slate-700">{t.updated}</dt>
              <dd>
                <time dateTime={record.updated_at}>{formatDate(lang, "dateTime", record.updated_at)}</time>
              </dd>
            </dl>
          ) : (
            <p className="mt-3 text-slate-700" data-testid="key-record">
              {t.noRecord}
            </p>
          )}
          {canWrite && <KeyForm companyId={companyId} record={record} setLeisureCardKey={setLeisureCardKey} />}
        </QueryState>
      </Panel>
      {/* A new key makes an earlier answer stale: the check starts over when the record changes. */}
      <ProviderCheck
        key={record?.updated_at ?? "none"}
        companyId={companyId}
        asked={{ orgNumber, record }}
        checkProviderStatus={checkProviderStatus}
      />
    </>
  );
}

function KeyForm({
  companyId,
  record,
  setLeisureCardKey,
}: {
  companyId: string;
  record: LeisureCardKeyRecord | null;
  setLeisureCardKey: CompanyActions["setLeisureCardKey"];
}) {
  const lang = useLang();
  const t = companiesMessages(lang);
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: keyedZodResolver(LeisureCardKeyForm),
    defaultValues: { api_key: "", giro_type: record?.giro_type ?? "", giro_number: record?.giro_number ?? "" },
  });
  const { reset } = form;
  const recordGiroType = record?.giro_type ?? "";
  const recordGiroNumber = record?.giro_number ?? "";
  // The giro fields follow the stored record; the key field is never filled from it.
  useEffect(
    () => reset({ api_key: "", giro_type: recordGiroType, giro_number: recordGiroNumber }),
    [reset, recordGiroType, recordGiroNumber],
  );

  const mutation = useMutation({
    mutationFn: (values: FormOutput) => unwrap(setLeisureCardKey({ company_id: companyId, ...values })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.companies.leisureCardKey(companyId), saved);
      reset({ api_key: "", giro_type: saved.giro_type ?? "", giro_number: saved.giro_number ?? "" });
      toast.success(t.key.saved);
    },
    onError: (error) => {
      showFieldErrors(form.setError, error, FIELDS);
      form.setValue("api_key", "");
      toast.error(actionErrorText(t.errors, error));
    },
  });

  const errorOf = (field: (typeof FIELDS)[number]) => {
    const error = form.formState.errors[field];
    return error && fieldErrorText(lang, field, error.type as string, error.message);
  };
  return (
    <form
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="mt-5 space-y-4 border-t border-slate-200 pt-4"
      aria-labelledby="key-form-heading"
    >
      <h3 id="key-form-heading" className="text-base font-semibold">
        {record ? t.key.replaceHeading : t.key.setHeading}
      </h3>
      <TextField
        id="lc-api-key"
        label={t.key.apiKey}
        help={`${t.key.apiKeyHint} ${record ? t.key.replaceHint : ""}`}
        helpAbove
        type="password"
        autoComplete="off"
        spellCheck={false}
        error={errorOf("api_key")}
        {...form.register("api_key")}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="lc-giro-type"
          label={t.key.giroType}
          error={errorOf("giro_type")}
          {...form.register("giro_type")}
        >
          <option value="">{t.key.noGiroType}</option>
          {GIRO_TYPES.map((type) => (
            <option key={type} value={type}>
              {t.key.giroTypes[type] ?? type}
            </option>
          ))}
        </SelectField>
        <TextField
          id="lc-giro-number"
          label={t.key.giroNumber}
          help={t.key.giroNumberHint}
          inputMode="numeric"
          autoComplete="off"
          error={errorOf("giro_number")}
          {...form.register("giro_number")}
        />
      </div>
      <button type="submit" className={buttonClass} disabled={mutation.isPending}>
        {mutation.isPending ? t.key.saving : t.key.save}
      </button>
    </form>
  );
}

/** What the check asked about: the company's org_number and the giro details of its key record. */
interface CheckQuestion {
  orgNumber: string;
  record: LeisureCardKeyRecord | null;
}

function ProviderCheck({
  companyId,
  asked,
  checkProviderStatus,
}: {
  companyId: string;
  asked: CheckQuestion;
  checkProviderStatus: CompanyActions["checkProviderStatus"];
}) {
  const lang = useLang();
  const t = companiesMessages(lang);
  // When the answer came, shown in Stockholm time beside it: an old answer is told apart from a fresh one.
  const [checkedAt, setCheckedAt] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => unwrap(checkProviderStatus({ company_id: companyId })),
    onSettled: () => setCheckedAt(new Date().toISOString()),
  });
  return (
    <Panel id="check" title={t.check.heading} intro={t.check.intro} spacing="">
      <button
        type="button"
        className={`${secondaryButtonClass} mt-3`}
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending}
      >
        {mutation.isPending ? t.check.checking : t.check.button}
      </button>
      <div role="status" aria-live="polite" className="mt-3 space-y-2" data-testid="provider-check">
        {mutation.isSuccess && <CheckOutcome outcome={mutation.data} asked={asked} />}
        {mutation.isError && (
          <p className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
            {actionErrorText(t.errors, mutation.error)}
          </p>
        )}
        {!mutation.isPending && checkedAt && (
          <p className="text-sm text-slate-700" data-testid="provider-checked-at">
            <time dateTime={checkedAt}>{t.check.checkedAt(formatDate(lang, "dateTime", checkedAt))}</time>
          </p>
        )}
      </div>
    </Panel>
  );
}

function CheckOutcome({ outcome, asked }: { outcome: ProviderCheckOutcome; asked: CheckQuestion }) {
  const messages = companiesMessages(useLang());
  const t = messages.check;
  if ("status" in outcome) {
    const approved = outcome.status === "GODKAND";
    const giro = asked.record?.giro_type
      ? `${messages.key.giroTypes[asked.record.giro_type] ?? asked.record.giro_type} ${asked.record.giro_number ?? ""}`.trim()
      : "–";
    return (
      <>
        <p
          className={`inline-flex items-center gap-2 rounded-md border p-3 font-semibold ${
            approved ? "border-green-700 bg-green-50 text-green-900" : "border-amber-700 bg-amber-50 text-amber-950"
          }`}
        >
          <span aria-hidden="true">{approved ? "✓" : "✕"}</span>
          {t[outcome.status]}
        </p>
        {!approved && (
          <div className="space-y-2 rounded-md border border-slate-300 p-3" data-testid="provider-not-approved">
            <p>{t.notApprovedReason}</p>
            <p className="text-sm text-slate-700">{t.checkedWith(asked.orgNumber, giro)}</p>
            <p className="font-medium">{t.nextSteps}</p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li>{t.nextApply}</li>
              <li>{t.nextDetails}</li>
              <li>{t.nextWait}</li>
            </ul>
          </div>
        )}
      </>
    );
  }
  const text = t.failures[outcome.failure.code];
  return (
    <div className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
      <p className="font-semibold">{t.failed}</p>
      {text ? (
        <p className="mt-1">{text(outcome.failure.detail)}</p>
      ) : (
        <p className="mt-1" lang="en">
          {outcome.failure.reason}
        </p>
      )}
    </div>
  );
}
