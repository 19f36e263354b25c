"use client";
// The form that creates an API key: name, company and access group, over the shared CreateApiKeyRequest schema.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accessMessages } from "@/lib/i18n/admin/access";
import { queryKeys } from "@/lib/query-keys";
import { CreateApiKeyRequest } from "@/lib/validation/access";
import { useLang } from "../i18n-context";
import { inputClass } from "../ui/styles";
import { AccessGroupFields, defaultAccess, useGrantableCompanies } from "./access-group-fields";
import { failureText as actionErrorText, showFieldErrors } from "../action-errors";
import { businessRuleText } from "./action-errors";
import type { ApiKeyActions, CompanyChoice, CreatedApiKey, Grantable } from "./types";
import { accessErrors, FormActions, useFieldText } from "./form-parts";
import { ProblemAlert } from "../../ui/problem-alert";

type FormIn = z.input<typeof CreateApiKeyRequest>;
type FormOut = z.output<typeof CreateApiKeyRequest>;

const FIELDS = ["name", "company_id", "access.modules", "access.permissions", "access.company_ids", "access.include_descendants"] as const;

export function CreateApiKeyForm({ grantable, createApiKey, onCancel, onCreated }: {
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
  const text = useFieldText();
  const nameError = text("name", errors.name);
  // A 36-character id is what the schema checks; for the picker that only means "none chosen".
  const companyError = errors.company_id && (errors.company_id.type === "business" ? text("company_id", errors.company_id) : t.companyRequired);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {problem && (
        <ProblemAlert>{problem}</ProblemAlert>
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
            errors={accessErrors(m, text, errors.access)}
          />
        )}
      />
      <FormActions cancel={t.cancel} submit={mutation.isPending ? t.submitting : t.submit} pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
