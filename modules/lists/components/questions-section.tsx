"use client";
// The questions of the list editor: the properties of the list's association, grouped, to tick; and a new property
// made on the spot (it is ticked at once and joins the list when the editor is saved). The new-property fields sit
// inside the editor's form, so they are no form of their own: the button and Enter run their own validation.
import { CheckboxField, TextField } from "@/components/ui/field";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { ActionError, unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { CreatePropertyRequest } from "@/modules/lists/schemas/subscription";
import { useLang } from "@/components/admin/i18n-context";
import { QueryState } from "@/components/admin/ui/query-state";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { EditForm } from "./list-editor";
import type { ListActions, PropertyGroup } from "./types";
import { failureText } from "@/components/admin/action-errors";
import { Panel } from "@/components/admin/ui/page-parts";

interface Props {
  form: EditForm;
  companyId: string;
  canWrite: boolean;
  createProperty: ListActions["createProperty"];
}

export function QuestionsSection({ form, companyId, canWrite, createProperty }: Props) {
  const t = listsMessages(useLang());
  const groups = useQuery({
    queryKey: queryKeys.lists.properties(companyId),
    queryFn: () =>
      fetchJson<PropertyGroup[]>(`/admin/api/lists/properties?company_id=${encodeURIComponent(companyId)}`),
  });

  return (
    <Panel id="questions" title={t.edit.questions} intro={t.edit.questionsIntro} spacing="space-y-4">
      <QueryState query={groups}>
        {groups.data?.length === 0 ? (
          <p className="text-slate-700">{t.edit.noProperties}</p>
        ) : (
          <Controller
            control={form.control}
            name="question_prop_ids"
            render={({ field }) => {
              const chosen = field.value ?? [];
              return (
                <div className="grid gap-4 md:grid-cols-2">
                  {groups.data?.map((group) => (
                    <fieldset key={group.id} className="rounded-md border border-slate-200 p-3">
                      <legend className="px-1 font-medium">{group.name}</legend>
                      {group.descr && <p className="mb-2 text-sm text-slate-700">{group.descr}</p>}
                      <ul className="space-y-2">
                        {group.properties.map((p) => (
                          <li key={p.prop_id}>
                            <CheckboxField
                              id={`question-${p.prop_id}`}
                              label={p.name}
                              description={p.descr}
                              className="flex items-start gap-3"
                              checked={chosen.includes(p.prop_id)}
                              onChange={(e) =>
                                field.onChange(
                                  e.target.checked ? [...chosen, p.prop_id] : chosen.filter((id) => id !== p.prop_id),
                                )
                              }
                            />
                          </li>
                        ))}
                      </ul>
                    </fieldset>
                  ))}
                </div>
              );
            }}
          />
        )}
      </QueryState>
      {canWrite && (
        <NewProperty
          companyId={companyId}
          groupNames={groups.data?.map((g) => g.name) ?? []}
          createProperty={createProperty}
          onCreated={(propId) => {
            const current = form.getValues("question_prop_ids") ?? [];
            form.setValue("question_prop_ids", [...current, propId], { shouldDirty: true });
          }}
        />
      )}
    </Panel>
  );
}

type PropertyValues = z.input<typeof CreatePropertyRequest>;

function NewProperty({
  companyId,
  groupNames,
  createProperty,
  onCreated,
}: {
  companyId: string;
  groupNames: string[];
  createProperty: ListActions["createProperty"];
  onCreated: (propId: number) => void;
}) {
  const lang = useLang();
  const t = listsMessages(lang);
  const queryClient = useQueryClient();
  const [serverErrors, setServerErrors] = useState<{
    keys: Record<string, string[]>;
    messages: Record<string, string[]>;
  }>({ keys: {}, messages: {} });
  const form = useForm<PropertyValues, unknown, z.output<typeof CreatePropertyRequest>>({
    resolver: keyedZodResolver(CreatePropertyRequest),
    defaultValues: { company_id: companyId, group_name: "", name: "", descr: "" },
  });
  const create = useMutation({
    mutationFn: (values: z.output<typeof CreatePropertyRequest>) => unwrap(createProperty(values)),
    onSuccess: (created) => {
      queryClient.setQueryData<PropertyGroup[]>(queryKeys.lists.properties(companyId), (groups = []) => {
        const property = { prop_id: created.prop_id, name: created.name, descr: created.descr };
        const known = groups.some((g) => g.id === created.group_id);
        const next = known
          ? groups.map((g) => (g.id === created.group_id ? { ...g, properties: [...g.properties, property] } : g))
          : [
              ...groups,
              {
                id: created.group_id,
                company_id: companyId,
                name: created.group_name,
                descr: null,
                properties: [property],
              },
            ];
        return next.sort((a, b) => a.name.localeCompare(b.name));
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.properties(companyId) });
      onCreated(created.prop_id);
      form.reset({ company_id: companyId, group_name: created.group_name, name: "", descr: "" });
      setServerErrors({ keys: {}, messages: {} });
      toast.success(fill(t.edit.propCreated, { name: created.name }));
    },
    onError: (error) => {
      if (error instanceof ActionError)
        setServerErrors({ keys: error.result.issueKeys, messages: error.result.fieldErrors });
      toast.error(failureText(t.common, error));
    },
  });
  const submit = form.handleSubmit((values) => create.mutate(values));

  const field = (name: "group_name" | "name" | "descr", label: string, help?: string, list?: string) => {
    const id = `new-property-${name}`;
    const client = form.formState.errors[name];
    const error = client
      ? fieldErrorText(lang, name, client.type as string, client.message)
      : fieldErrorText(lang, name, serverErrors.keys[name]?.[0], serverErrors.messages[name]?.[0]);
    return <TextField id={id} label={label} help={help} error={error} list={list} {...form.register(name)} />;
  };

  return (
    <div
      role="group"
      aria-labelledby="new-property-heading"
      className="rounded-md border border-dashed border-slate-400 p-3"
      onKeyDown={(event) => {
        // Enter here creates the question instead of saving the whole list.
        if (event.key === "Enter" && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          void submit();
        }
      }}
    >
      <h3 id="new-property-heading" className="font-medium">
        {t.edit.newQuestion}
      </h3>
      <datalist id="new-property-groups">
        {groupNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="mt-2 grid gap-3 md:grid-cols-3">
        {field("group_name", t.edit.groupName, t.edit.groupNameHelp, "new-property-groups")}
        {field("name", t.edit.propName)}
        {field("descr", t.edit.propDescr)}
      </div>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-3`}
        disabled={create.isPending}
        onClick={() => void submit()}
      >
        {create.isPending ? t.edit.creatingProp : t.edit.createProp}
      </button>
    </div>
  );
}
