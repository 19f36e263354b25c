"use client";
// /admin/api-keys: the keys of the companies in the ADMIN's scope, a form that creates one (the client_secret is then
// shown once, in a dialog), and revoking with a confirmation (the row changes at once, a failure puts it back).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accessMessages } from "@/lib/i18n/admin/access";
import { formatStockholmDateTime } from "@/lib/i18n/admin/audit";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { CreateApiKeyRequest } from "@/lib/validation/access";
import { useLang } from "../i18n-context";
import { QueryState } from "../query-state";
import { buttonClass, inputClass, secondaryButtonClass } from "../styles";
import { AccessGroupFields, companyIdsText, defaultAccess, useGrantableCompanies } from "./access-group-fields";
import { NameList, ScopeSummary } from "./access-summary";
import { failureText as actionErrorText, showFieldErrors } from "../action-errors";
import { businessRuleText } from "./action-errors";
import { ConfirmButton } from "./confirm-button";
import { Modal } from "./modal";
import type { ApiKeyActions, ApiKeyRow, CompanyChoice, CreatedApiKey, Grantable } from "./types";
import { DataTable } from "@/components/admin/data-table";

type FormIn = z.input<typeof CreateApiKeyRequest>;
type FormOut = z.output<typeof CreateApiKeyRequest>;

const FIELDS = ["name", "company_id", "access.modules", "access.permissions", "access.company_ids", "access.include_descendants"] as const;

// One empty list for every render while loading: TanStack Table resets its state when `data` changes identity, and
// a new [] on each render loops (a click during hydration made that a synchronous loop that froze the page).
const NO_KEYS: ApiKeyRow[] = [];

export function ApiKeysScreen({ grantable, actions }: { grantable: Grantable; actions: ApiKeyActions }) {
  const t = accessMessages(useLang()).keys;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-3xl text-slate-700">{t.intro}</p>
        <button type="button" className={buttonClass} onClick={() => setCreating(true)}>
          {t.create}
        </button>
      </div>
      <ApiKeyTable revokeApiKey={actions.revokeApiKey} />
      <Modal open={creating} onOpenChange={setCreating} title={t.createTitle} description={t.createIntro} wide>
        <CreateApiKeyForm
          grantable={grantable}
          createApiKey={actions.createApiKey}
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      </Modal>
      {/* Closing drops the secret from memory: nothing can show it again. */}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

function ApiKeyTable({ revokeApiKey }: { revokeApiKey: ApiKeyActions["revokeApiKey"] }) {
  const lang = useLang();
  const m = accessMessages(lang);
  const t = m.keys;
  const query = useQuery({ queryKey: queryKeys.apiKeys.all, queryFn: () => fetchJson<ApiKeyRow[]>("/admin/api/api-keys") });
  const companies = useGrantableCompanies();
  const queryClient = useQueryClient();

  const revoke = useMutation({
    mutationFn: (key: ApiKeyRow) => unwrap(revokeApiKey({ client_id: key.client_id })),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.apiKeys.all });
      const previous = queryClient.getQueryData<ApiKeyRow[]>(queryKeys.apiKeys.all);
      const now = new Date().toISOString();
      queryClient.setQueryData<ApiKeyRow[]>(queryKeys.apiKeys.all, (rows) =>
        rows?.map((row) => (row.client_id === key.client_id ? { ...row, revoked_at: row.revoked_at ?? now } : row)),
      );
      return { previous };
    },
    onError: (error, _key, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.apiKeys.all, context.previous);
      toast.error(actionErrorText(m.errors, error));
    },
    onSuccess: (_result, key) => toast.success(t.revoked(key.name)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
  const revokeKey = revoke.mutate;

  const columns = useMemo(() => {
    const col = createColumnHelper<ApiKeyRow>();
    const when = (iso: string | null) => (iso ? formatStockholmDateTime(lang, iso) : t.never);
    return [
      col.accessor("name", {
        header: t.col.name,
        cell: (c) => (
          <>
            <span className="font-medium">{c.getValue()}</span>
            <code className="mt-0.5 block break-all text-xs text-slate-700" data-testid="client-id">
              {c.row.original.client_id}
            </code>
          </>
        ),
      }),
      col.accessor("company_name", { header: t.col.company }),
      col.display({
        id: "access",
        header: t.col.access,
        cell: (c) => {
          const key = c.row.original;
          const scope = key.scope;
          return (
            <dl className="space-y-1.5">
              <div>
                <dt className="text-xs font-semibold text-slate-700">{t.col.modules}</dt>
                <dd>
                  <NameList items={key.modules} labels={m.modules} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-700">{t.col.permissions}</dt>
                <dd>
                  <NameList items={key.permissions} labels={m.permissions} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold text-slate-700">{t.col.scope}</dt>
                <dd>
                  {!scope ? (
                    <span className="text-red-800">{m.access.unreadable}</span>
                  ) : scope.kind === "all" ? (
                    <ScopeSummary companyIds={null} includeDescendants companies={companies.data} />
                  ) : (
                    <ScopeSummary companyIds={scope.companyIds} includeDescendants={scope.includeDescendants} companies={companies.data} />
                  )}
                </dd>
              </div>
            </dl>
          );
        },
      }),
      col.accessor("created_at", { header: t.col.created, cell: (c) => when(c.getValue()) }),
      col.accessor("last_used_at", { header: t.col.lastUsed, cell: (c) => when(c.getValue()) }),
      col.accessor("revoked_at", {
        header: t.col.status,
        cell: (c) => {
          const revoked = c.getValue();
          return revoked ? (
            <span className="font-medium text-red-800">{t.revokedAt(formatStockholmDateTime(lang, revoked))}</span>
          ) : (
            <span className="font-medium text-green-800">{t.active}</span>
          );
        },
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t.col.actions}</span>,
        cell: (c) => {
          const key = c.row.original;
          if (key.revoked_at) return null;
          return (
            <ConfirmButton
              danger
              label={t.revoke}
              ariaLabel={t.revokeLabel(key.name)}
              title={t.revokeTitle(key.name)}
              body={t.revokeBody}
              confirmLabel={t.revoke}
              cancelLabel={t.cancel}
              onConfirm={() => revokeKey(key)}
            />
          );
        },
      }),
    ];
  }, [lang, t, m, companies.data, revokeKey]);

  // TanStack Table is not memoizable by the React Compiler, which skips this component: expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: query.data ?? NO_KEYS, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.client_id });
  return (
    <QueryState isLoading={query.isLoading} error={query.error} isEmpty={query.data?.length === 0} onRetry={() => void query.refetch()}>
      <DataTable
        table={table}
        label={t.tableLabel}
        testId="api-keys"
        rowProps={(row) => ({ "data-client-id": row.original.client_id, className: row.original.revoked_at ? "bg-slate-50 text-slate-700" : "" })}
      />
    </QueryState>
  );
}

function CreateApiKeyForm({ grantable, createApiKey, onCancel, onCreated }: {
  grantable: Grantable;
  createApiKey: ApiKeyActions["createApiKey"];
  onCancel: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const lang = useLang();
  const m = accessMessages(lang);
  const t = m.keys;
  const companies = useGrantableCompanies();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: keyedZodResolver(CreateApiKeyRequest),
    defaultValues: { name: "", company_id: "", access: defaultAccess(grantable) },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: FormOut) => unwrap(createApiKey(values)),
    onSuccess: (key) => {
      toast.success(t.created(key.name));
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      onCreated(key);
    },
    onError: (error) => {
      const onFields = showFieldErrors(form.setError, error, FIELDS, (field) => businessRuleText(m.errors, field));
      setProblem(onFields ? m.errors.invalid : actionErrorText(m.errors, error));
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setProblem(null);
    mutation.mutate(values);
  });
  const text = (field: string, error: { type?: unknown; message?: string } | undefined) =>
    error ? fieldErrorText(lang, field, typeof error.type === "string" ? error.type : undefined, error.message) : undefined;
  const nameError = text("name", errors.name);
  // A 36-character id is what the schema checks; for the picker that only means "none chosen".
  const companyError = errors.company_id && (errors.company_id.type === "business" ? text("company_id", errors.company_id) : t.companyRequired);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {problem && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <div>
        <label htmlFor="key-name" className="block font-medium">
          {t.name}
        </label>
        <p id="key-name-help" className="text-sm text-slate-700">
          {t.nameHelp}
        </p>
        <input
          id="key-name"
          className={inputClass}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? "key-name-help key-name-error" : "key-name-help"}
          {...form.register("name")}
        />
        {nameError && (
          <p id="key-name-error" className="mt-1 text-sm text-red-800">
            {nameError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="key-company" className="block font-medium">
          {t.company}
        </label>
        <p id="key-company-help" className="text-sm text-slate-700">
          {t.companyHelp}
        </p>
        <select
          id="key-company"
          className={inputClass}
          aria-invalid={companyError ? true : undefined}
          aria-describedby={companyError ? "key-company-help key-company-error" : "key-company-help"}
          {...form.register("company_id")}
        >
          <option value="">{companies.isLoading ? m.access.companiesLoading : t.chooseCompany}</option>
          {(companies.data ?? []).map((c: CompanyChoice) => (
            <option key={c.company_id} value={c.company_id}>
              {c.name} ({c.org_number})
            </option>
          ))}
        </select>
        {companyError && (
          <p id="key-company-error" className="mt-1 text-sm text-red-800">
            {companyError}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="access"
        render={({ field }) => (
          <AccessGroupFields
            value={field.value}
            onChange={field.onChange}
            grantable={grantable}
            errors={{
              modules: text("access.modules", errors.access?.modules),
              permissions: text("access.permissions", errors.access?.permissions),
              company_ids: companyIdsText(m, text("access.company_ids", errors.access?.company_ids), errors.access?.company_ids),
              include_descendants: text("access.include_descendants", errors.access?.include_descendants),
            }}
          />
        )}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="submit" className={buttonClass} disabled={mutation.isPending}>
          {mutation.isPending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}

function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const t = accessMessages(useLang()).keys;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const curl = created ? `curl -X POST -u '${created.client_id}:${created.client_secret}' ${origin}/v3/access/user/basic` : "";
  return (
    <Modal
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.secretTitle}
      dismissible={false}
      wide
      testId="secret-dialog"
      description={
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950">
          {t.secretWarning}
        </p>
      }
    >
      {created && (
        <div className="space-y-4">
          <SecretValue label={t.clientId} value={created.client_id} testId="secret-client-id" />
          <SecretValue label={t.clientSecret} value={created.client_secret} testId="client-secret" />
          <div>
            <p className="text-sm text-slate-700">{t.curlHint}</p>
            <SecretValue label="curl" value={curl} testId="curl-hint" hideLabel />
          </div>
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <button type="button" className={buttonClass} onClick={onClose}>
              {t.stored}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function SecretValue({ label, value, testId, hideLabel = false }: { label: string; value: string; testId: string; hideLabel?: boolean }) {
  const t = accessMessages(useLang()).keys;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t.copied(label));
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <div>
      {!hideLabel && <p className="font-medium">{label}</p>}
      <div className="mt-1 flex items-start gap-2">
        <code data-testid={testId} className="min-w-0 flex-1 select-all break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm">
          {value}
        </code>
        <button type="button" className={secondaryButtonClass} aria-label={t.copyLabel(label)} onClick={() => void copy()}>
          {t.copy}
        </button>
      </div>
    </div>
  );
}
