"use client";
// The form that creates an API key: name, company and access group, over the shared CreateApiKeyRequest schema.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accessMessages } from "@/modules/access/texts/access";
import { queryKeys } from "@/lib/query-keys";
import { CreateApiKeyRequest } from "@/modules/access/schemas/access";
import { useLang } from "@/components/admin/i18n-context";
import { SelectField, TextField } from "@/components/ui/field";
import { AccessGroupFields, defaultKeyAccess, useGrantableCompanies } from "./access-group-fields";
import type { ApiKeyActions, CompanyChoice, CreatedApiKey, Grantable } from "./types";
import { AccessFormFrame, accessErrors, useFieldText, useFormProblem } from "./form-parts";

type FormIn = z.input<typeof CreateApiKeyRequest>;
type FormOut = z.output<typeof CreateApiKeyRequest>;

const FIELDS = [
  "name",
  "company_id",
  "access.modules",
  "access.permissions",
  "access.company_ids",
  "access.include_descendants",
] as const;

export function CreateApiKeyForm({
  grantable,
  createApiKey,
  onCancel,
  onCreated,
}: {
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
    defaultValues: { name: "", company_id: "", access: defaultKeyAccess(grantable) },
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
    // The schema lets a key go without modules (it then reads nothing); a new key from this form needs at least one.
    if (values.access.modules.length === 0) {
      form.setError("access.modules", { type: "modules_required", message: t.modulesRequired });
      return;
    }
    mutation.mutate(values);
  });
  // The scope follows the key's company while staff have not chosen other companies: choosing the company ticks it.
  const { onChange: registeredOnChange, ...companyRegistration } = form.register("company_id");
  const onCompanyChange = (event: React.ChangeEvent<HTMLSelectElement>) => {
    const before = form.getValues("company_id");
    const chosen = event.target.value;
    const access = form.getValues("access");
    const ids = access.company_ids;
    if (ids && (ids.length === 0 || (ids.length === 1 && ids[0] === before)))
      form.setValue("access", { ...access, company_ids: chosen ? [chosen] : [] });
    return registeredOnChange(event);
  };
  const text = useFieldText();
  // A 36-character id is what the schema checks; for the picker that only means "none chosen".
  const companyError =
    errors.company_id &&
    (errors.company_id.type === "business" ? text("company_id", errors.company_id) : t.companyRequired);

  return (
    <AccessFormFrame
      onSubmit={onSubmit}
      problem={problem}
      actions={{
        cancel: t.cancel,
        submit: mutation.isPending ? t.submitting : t.submit,
        pending: mutation.isPending,
        onCancel: onCancel,
      }}
    >
      <TextField
        id="key-name"
        label={t.name}
        help={t.nameHelp}
        helpAbove
        autoComplete="off"
        error={text("name", errors.name)}
        {...form.register("name")}
      />
      <SelectField
        id="key-company"
        label={t.company}
        help={t.companyHelp}
        helpAbove
        error={companyError}
        {...companyRegistration}
        onChange={onCompanyChange}
      >
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
