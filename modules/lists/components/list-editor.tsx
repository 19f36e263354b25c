"use client";
// /admin/lists/<id>: one form (react-hook-form over the shared UpdateListRequest schema) for the details, the consent
// text with its live preview and the questions; then sharing and deletion. Only changed fields are sent, so saving the
// name does not turn an untouched consent text into a new version. Read-only (every control disabled) without
// SUBSCRIPTION_LIST.U. Unticking "active" on a live list asks first (its hosted form stops accepting subscribers), and
// leaving with unsaved changes asks too (the sendout composer's guard: the browser's question, a confirm on links).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useForm, useWatch, type Resolver, type UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { ActionError, unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { LIST_FIELDS, UpdateListRequest } from "@/modules/lists/schemas/subscription";
import { CheckboxField, TextAreaField, TextField } from "@/components/ui/field";
import { useLang } from "@/components/admin/i18n-context";
import { buttonClass } from "@/components/admin/ui/styles";
import { DeleteListSection } from "./delete-list";
import { MailSettingsSection } from "./mail-settings-section";
import { QuestionsSection } from "./questions-section";
import { ReadOnlyBanner } from "@/components/admin/ui/page-parts";
import type { ListActions, ListView } from "./types";
import { ListFiguresPanel } from "./list-figures-panel";
import { SharePanel } from "./share-panel";
import { TermSection } from "./term-section";
import { formatNumber } from "@/lib/i18n/formats";
import { failureText } from "@/components/admin/action-errors";
import { Panel } from "@/components/admin/ui/page-parts";
import { useUnsavedChanges } from "@/components/admin/ui/use-unsaved-changes";
import { ConfirmDialog } from "./confirm-dialog";

export type EditValues = z.input<typeof UpdateListRequest>;
type Output = z.output<typeof UpdateListRequest>;
export type EditForm = UseFormReturn<EditValues, unknown, Output>;

interface Props {
  initialList: ListView;
  canWrite: boolean;
  defaultCap: number;
  actions: Pick<ListActions, "updateList" | "deleteList" | "createProperty" | "previewTerm">;
}

/** The form's values for a list: text inputs hold "" where the list has null. */
function formValues(list: ListView): EditValues {
  return {
    name: list.name,
    description: list.description ?? "",
    fields: list.fields,
    is_active: list.is_active,
    image_url: list.image_url ?? "",
    show_image: list.show_image,
    subscriber_cap: list.subscriber_cap,
    term: { name: list.term?.name ?? "", html: list.term?.html ?? "" },
    question_prop_ids: list.question_prop_ids,
    double_opt_in: list.double_opt_in,
    consent_required: list.consent_required,
    welcome_subject: list.welcome_subject ?? "",
    welcome_html: list.welcome_html ?? "",
  };
}

/** What the form means: empty texts are null, and a consent text with neither heading nor text is no consent text. */
function normalize(values: EditValues): EditValues {
  const term = values.term;
  return {
    ...values,
    description: values.description?.trim() ? values.description : null,
    image_url: typeof values.image_url === "string" && values.image_url.trim() ? values.image_url.trim() : null,
    subscriber_cap: values.subscriber_cap ?? null,
    welcome_subject: values.welcome_subject?.trim() ? values.welcome_subject : null,
    welcome_html: values.welcome_html?.trim() ? values.welcome_html : null,
    term: term && (term.name.trim() || term.html.trim()) ? term : null,
  };
}

const schemaResolver = keyedZodResolver(UpdateListRequest);
const resolver: Resolver<EditValues, unknown, Output> = (values, context, options) =>
  schemaResolver(normalize(values), context, options);

const FORM_FIELDS = [
  "name",
  "description",
  "fields",
  "is_active",
  "image_url",
  "show_image",
  "subscriber_cap",
  "term",
  "question_prop_ids",
  "double_opt_in",
  "consent_required",
  "welcome_subject",
  "welcome_html",
] as const;

export function ListEditor({ initialList, canWrite, defaultCap, actions }: Props) {
  const lang = useLang();
  const t = listsMessages(lang);
  const queryClient = useQueryClient();
  const listQuery = useQuery({
    queryKey: queryKeys.lists.one(initialList.id),
    queryFn: () => fetchJson<ListView>(`/admin/api/lists/${initialList.id}`),
    initialData: initialList,
    // A list cached by another screen may be older than the page's: look again on arrival.
    staleTime: 0,
  });
  const list = listQuery.data;
  const [saved, setSaved] = useState<EditValues>(() => normalize(formValues(initialList)));
  const form = useForm<EditValues, unknown, Output>({ resolver, defaultValues: formValues(initialList) });
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty, t.edit.unsaved);
  const [askClose, setAskClose] = useState(false);
  const active = useWatch({ control: form.control, name: "is_active" });

  const save = useMutation({
    mutationFn: (changes: Output) => unwrap(actions.updateList({ id: list.id, ...changes })),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.lists.one(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      form.reset(formValues(updated));
      setSaved(normalize(formValues(updated)));
      toast.success(t.edit.saved);
    },
    onError: (error) => {
      if (error instanceof ActionError) {
        for (const [field, messages] of Object.entries(error.result.fieldErrors)) {
          if (field === "name" || field.startsWith("term") || (FORM_FIELDS as readonly string[]).includes(field)) {
            form.setError(field as keyof EditValues, {
              type: error.result.issueKeys[field]?.[0] ?? "server",
              message: messages[0],
            });
          }
        }
      }
      toast.error(failureText(t.common, error));
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const changes: Record<string, unknown> = {};
    for (const key of FORM_FIELDS) {
      if (JSON.stringify(values[key] ?? null) !== JSON.stringify(saved[key] ?? null)) changes[key] = values[key];
    }
    if (Object.keys(changes).length === 0) {
      toast.info(t.edit.nothingChanged);
      return;
    }
    save.mutate(changes as Output);
  });

  const errorFor = (name: string): string | undefined => {
    const error = name
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors) as
      { type?: string; message?: string } | undefined;
    if (!error?.message && !error?.type) return undefined;
    return fieldErrorText(
      lang,
      name.split(".").pop()!,
      error.type === "server" ? undefined : error.type,
      error.message,
    );
  };
  const control = (name: string) => ({ id: `list-${name.replace(".", "-")}`, error: errorFor(name) });

  return (
    <div className="space-y-8">
      <div>
        <nav aria-label={t.edit.back} className="mb-2 text-sm">
          <Link href="/admin/lists" className="text-blue-800 underline hover:text-blue-950">
            ← {t.edit.back}
          </Link>
        </nav>
        <h1 className="text-2xl font-semibold">{list.name}</h1>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={`/admin/lists/${list.id}/subscribers`} className="text-blue-800 underline hover:text-blue-950">
            {t.edit.subscribersLink}
          </Link>
        </p>
      </div>
      {!canWrite && <ReadOnlyBanner text={shellMessages(lang).readOnly} />}

      <form noValidate onSubmit={onSubmit} className="space-y-8">
        <fieldset disabled={!canWrite} className="space-y-8">
          <Panel id="details" title={t.edit.details} spacing="space-y-4">
            <TextField label={t.edit.name} {...control("name")} {...form.register("name")} />
            <TextAreaField
              label={t.edit.description}
              rows={3}
              {...control("description")}
              {...form.register("description")}
            />
            <fieldset>
              <legend className="font-medium">{t.edit.fields}</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {LIST_FIELDS.map((name) => (
                  <CheckboxField
                    key={name}
                    label={t.common.fields[name]}
                    className="inline-flex items-start gap-2"
                    value={name}
                    {...form.register("fields")}
                  />
                ))}
              </div>
            </fieldset>
            <CheckboxField
              id="list-is_active"
              label={t.edit.active}
              name="is_active"
              checked={active === true}
              onChange={(e) => {
                if (!e.target.checked && list.is_active) setAskClose(true);
                else form.setValue("is_active", e.target.checked, { shouldDirty: true });
              }}
            />
            <div className="grid gap-4 md:grid-cols-2">
              <div>
                <TextField
                  label={t.edit.imageUrl}
                  help={t.edit.imageUrlHelp}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  {...control("image_url")}
                  {...form.register("image_url")}
                />
                <CheckboxField
                  label={t.edit.showImage}
                  className="mt-2 flex items-start gap-2"
                  {...form.register("show_image")}
                />
              </div>
              <TextField
                label={t.edit.cap}
                help={fill(t.edit.capHelp, { n: formatNumber(lang, defaultCap) })}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                {...control("subscriber_cap")}
                {...form.register("subscriber_cap", {
                  setValueAs: (v: unknown) => (v === "" || v === null || v === undefined ? null : Number(v)),
                })}
              />
            </div>
          </Panel>

          <MailSettingsSection form={form} control={control} canWrite={canWrite} />

          <TermSection
            form={form}
            savedHtml={list.term?.html ?? ""}
            previewTerm={actions.previewTerm}
            canWrite={canWrite}
            nameField={control("term.name")}
            htmlField={control("term.html")}
          />

          <QuestionsSection
            form={form}
            companyId={list.company_id}
            canWrite={canWrite}
            createProperty={actions.createProperty}
          />
        </fieldset>

        {canWrite && (
          <div>
            <button type="submit" className={buttonClass} disabled={save.isPending}>
              {save.isPending ? t.edit.saving : t.edit.save}
            </button>
          </div>
        )}
      </form>

      <ConfirmDialog
        open={askClose}
        title={fill(t.table.deactivateTitle, { name: list.name })}
        body={<p>{t.table.deactivateBody}</p>}
        confirmLabel={t.table.deactivateConfirm}
        cancelLabel={t.common.cancel}
        onConfirm={() => form.setValue("is_active", false, { shouldDirty: true })}
        onCancel={() => setAskClose(false)}
        returnFocus={() => document.getElementById("list-is_active")}
      />

      <SharePanel list={list} />

      <ListFiguresPanel listId={list.id} />

      {canWrite && <DeleteListSection list={list} deleteList={actions.deleteList} />}
    </div>
  );
}
