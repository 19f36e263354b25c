"use client";
// The form that creates an API key: name, company and access group, over the shared CreateApiKeyRequest schema.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accessMessages } from "@/lib/i18n/admin/access";
import { queryKeys } from "@/lib/query-keys";
import { CreateApiKeyRequest } from "@/lib/validation/access";
import { useLang } from "../i18n-context";
import { SelectField, TextField } from "@/components/ui/field";
import { AccessGroupFields, defaultAccess, useGrantableCompanies } from "./access-group-fields";
import type { ApiKeyActions, CompanyChoice, CreatedApiKey, Grantable } from "./types";
import { AccessFormFrame, accessErrors, useFieldText, useFormProblem } from "./form-parts";

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
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: keyedZodResolver(CreateApiKeyRequest),
    defaultValues: { name: "", company_id: "", access: defaultAccess(grantable) },
  });
  const { errors } = form.formState;
  const { problem, setProblem, fail } = useFormProblem(form.setError, FIELDS);
  const mutation = useMutation({
    mutationFn: (values: FormOut) => unwrap(createApiKey(values)),
    onSuccess: (key) => {
      toast.success(t.created(key.name));
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all });
      onCreated(key);
    },
    onError: fail,
  });
  const onSubmit = form.handleSubmit((values) => {
    setProblem(null);
    mutation.mutate(values);
  });
  const text = useFieldText();
  // A 36-character id is what the schema checks; for the picker that only means "none chosen".
  const companyError = errors.company_id && (errors.company_id.type === "business" ? text("company_id", errors.company_id) : t.companyRequired);

  return (
    <AccessFormFrame onSubmit={onSubmit} problem={problem} actions={{ cancel: t.cancel, submit: mutation.isPending ? t.submitting : t.submit, pending: mutation.isPending, onCancel: onCancel }}>
      <TextField id="key-name" label={t.name} help={t.nameHelp} helpAbove autoComplete="off" error={text("name", errors.name)} {...form.register("name")} />
      <SelectField id="key-company" label={t.company} help={t.companyHelp} helpAbove error={companyError} {...form.register("company_id")}>
        <option value="">{companies.isLoading ? m.access.companiesLoading : t.chooseCompany}</option>
        {(companies.data ?? []).map((c: CompanyChoice) => (
          <option key={c.company_id} value={c.company_id}>
            {c.name} ({c.org_number})
          </option>
        ))}
      </SelectField>
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
    </AccessFormFrame>
  );
}
