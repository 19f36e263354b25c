"use client";
// The "new list" dialog: an association from the caller's scope (searchable when there are many), name, description
// and the form's fields, validated with the shared CreateListRequest schema; then on to the new list's editor.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Dialog } from "radix-ui";
import { toast } from "sonner";
import type { z } from "zod";
import { ActionError, unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { listConsentMessages } from "@/modules/lists/texts/list-consent";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { CreateListRequest, LIST_FIELDS } from "@/modules/lists/schemas/subscription";
import { useLang } from "@/components/admin/i18n-context";
import { CheckboxField, Field, TextAreaField, SearchField, TextField } from "@/components/ui/field";
import { buttonClass, inputClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import type { ListActions, ListCompanyChoices } from "./types";
import { failureText } from "@/components/admin/action-errors";
import { useSearchText } from "@/components/admin/ui/use-debounced";

type Values = z.input<typeof CreateListRequest>;
type Company = ListCompanyChoices["companies"][number];
type Field = keyof Values;

export function CreateListDialog({
  createList,
  homeCompany,
}: {
  createList: ListActions["createList"];
  homeCompany: Company | null;
}) {
  const lang = useLang();
  const t = listsMessages(lang);
  const tc = listConsentMessages(lang);
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { search, setSearch, q } = useSearchText();
  // The staff member's own association is proposed (and stays an option whatever the search shows).
  const [chosen, setChosen] = useState<Company | null>(homeCompany);
  const companies = useQuery({
    queryKey: queryKeys.lists.companies(q),
    queryFn: () => fetchJson<ListCompanyChoices>(`/admin/api/lists/companies?q=${encodeURIComponent(q)}`),
    enabled: open,
  });
  const form = useForm<Values, unknown, z.output<typeof CreateListRequest>>({
    resolver: keyedZodResolver(CreateListRequest),
    // Double opt-in is proposed for every new list (the API's default stays false, as integrators expect).
    defaultValues: {
      company_id: homeCompany?.company_id ?? "",
      name: "",
      description: "",
      fields: [],
      double_opt_in: true,
    },
  });
  const { errors } = form.formState;
  const [serverKeys, setServerKeys] = useState<Record<string, string[]>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});

  const create = useMutation({
    mutationFn: (values: z.output<typeof CreateListRequest>) => unwrap(createList(values)),
    onSuccess: (list) => {
      toast.success(fill(t.create.created, { name: list.name }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      setOpen(false);
      form.reset();
      setChosen(homeCompany);
      setSearch("");
      router.push(`/admin/lists/${list.id}`);
    },
    onError: (error) => {
      if (error instanceof ActionError) {
        setServerKeys(error.result.issueKeys);
        setServerErrors(error.result.fieldErrors);
      }
      toast.error(failureText(t.common, error));
    },
  });

  const errorFor = (name: Field) => {
    const client = errors[name];
    if (client) return fieldErrorText(lang, name, client.type as string, client.message);
    return fieldErrorText(lang, name, serverKeys[name]?.[0], serverErrors[name]?.[0]);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setServerKeys({});
          setServerErrors({});
        }
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={buttonClass}>
          {t.create.open}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-xl font-semibold">{t.create.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-700">{t.create.intro}</Dialog.Description>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={form.handleSubmit((values) =>
              create.mutate({ ...values, description: values.description || null }),
            )}
          >
            <SearchField
              id="create-company-search"
              label={t.create.companySearch}
              value={search}
              onSearch={setSearch}
              help={t.create.companySearchHelp}
            />
            <Field
              id="create-company_id"
              label={t.create.company}
              help={
                companies.data?.companies.length === 0
                  ? t.create.noCompanies
                  : companies.data?.more
                    ? t.create.moreCompanies
                    : ""
              }
              helpLive
              error={errorFor("company_id")}
            >
              {(wiring) => (
                <Controller
                  control={form.control}
                  name="company_id"
                  render={({ field }) => {
                    const found = companies.data?.companies ?? [];
                    // The chosen association stays an option while a new search shows others.
                    const options =
                      chosen && !found.some((c) => c.company_id === chosen.company_id) ? [chosen, ...found] : found;
                    return (
                      <select
                        {...wiring}
                        ref={field.ref}
                        name={field.name}
                        value={field.value ?? ""}
                        onBlur={field.onBlur}
                        onChange={(e) => {
                          field.onChange(e.target.value);
                          setChosen(options.find((c) => c.company_id === e.target.value) ?? null);
                        }}
                        className={inputClass}
                      >
                        <option value="">{t.create.chooseCompany}</option>
                        {options.map((c) => (
                          <option key={c.company_id} value={c.company_id}>
                            {c.name} ({c.org_number})
                          </option>
                        ))}
                      </select>
                    );
                  }}
                />
              )}
            </Field>
            <TextField id="create-name" label={t.create.name} error={errorFor("name")} {...form.register("name")} />
            <TextAreaField
              id="create-description"
              label={t.create.description}
              rows={3}
              error={errorFor("description")}
              {...form.register("description")}
            />
            <Controller
              control={form.control}
              name="fields"
              render={({ field }) => (
                <fieldset>
                  <legend className="font-medium">{t.create.fields}</legend>
                  <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                    {LIST_FIELDS.map((name) => (
                      <CheckboxField
                        key={name}
                        label={t.common.fields[name]}
                        className="inline-flex items-start gap-2"
                        checked={field.value?.includes(name) ?? false}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked
                              ? [...(field.value ?? []), name]
                              : (field.value ?? []).filter((f) => f !== name),
                          )
                        }
                      />
                    ))}
                  </div>
                </fieldset>
              )}
            />
            <CheckboxField
              id="create-double_opt_in"
              label={tc.doubleOptIn}
              description={tc.doubleOptInNew}
              {...form.register("double_opt_in")}
            />
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              <Dialog.Close asChild>
                <button type="button" className={secondaryButtonClass}>
                  {t.common.cancel}
                </button>
              </Dialog.Close>
              <button type="submit" className={buttonClass} disabled={create.isPending}>
                {create.isPending ? t.create.submitting : t.create.submit}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
