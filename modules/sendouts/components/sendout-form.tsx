"use client";
// Writing a sendout: subject, preheader, sender name, reply-to, the lists it goes to and the message in the rich-text
// editor, saved as a draft. The form's values are lifted to the composer (watch), so the preview and the recipient
// count follow what is typed; leaving with unsaved changes asks first.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, type UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { CheckboxField, FieldErrorLine, TextField } from "@/components/ui/field";
import { ActionError, unwrap } from "@/lib/actions/result";
import type { SendoutComposeMessages } from "@/modules/sendouts/texts/sendout-compose";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { failureText, showFieldErrors } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { buttonClass } from "@/components/admin/ui/styles";
import { SENDOUT_FIELDS, type SendoutBody, type SendoutFormValues } from "./form-values";
import { RichTextEditor } from "@/components/admin/ui/rich-text-editor";
import type { ActivityChoice, ListChoice, SendoutActions, SendoutRow } from "./types";
import { NO_RECIPIENTS } from "@/modules/sendouts/schemas/sendout";
import { useUnsavedChanges } from "@/components/admin/ui/use-unsaved-changes";

export function SendoutForm({
  form,
  sendout,
  companyId,
  lists,
  activities,
  actions,
  onSaved,
  t,
}: {
  form: UseFormReturn<SendoutFormValues, unknown, SendoutBody>;
  /** null: a new sendout of `companyId`. */
  sendout: SendoutRow | null;
  companyId: string;
  /** null: the staff member lacks the list module and cannot choose recipients. */
  lists: ListChoice[] | null;
  /** null: the staff member lacks the activity module (no activities are offered). */
  activities: ActivityChoice[] | null;
  actions: Pick<SendoutActions, "createSendout" | "updateSendout">;
  onSaved: (saved: SendoutRow) => void;
  t: SendoutComposeMessages;
}) {
  const lang = useLang();
  const queryClient = useQueryClient();
  const { errors, isDirty } = form.formState;
  useUnsavedChanges(isDirty, t.compose.unsaved);

  const save = useMutation({
    mutationFn: (body: SendoutBody) =>
      unwrap(
        sendout
          ? actions.updateSendout({ id: sendout.id, sendout: body })
          : actions.createSendout({ ...body, company_id: companyId }),
      ),
    onSuccess: (saved) => {
      // The saved values are the form's new starting point: nothing is unsaved any more.
      form.reset(form.getValues());
      toast.success(sendout ? t.compose.saved : t.compose.created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sendouts.all });
      onSaved(saved);
    },
    onError: (error) => {
      showFieldErrors(form.setError, error, SENDOUT_FIELDS, () => t.common.invalid);
      toast.error(
        error instanceof ActionError && error.result.status === 409 ? t.compose.notDraft : failureText(t.common, error),
      );
    },
  });

  const errorText = (name: keyof SendoutFormValues) => {
    const error = errors[name];
    if (!error) return undefined;
    if (name === "html" && error.type === "required") return t.compose.bodyRequired;
    if (name === "list_ids" && error.message === NO_RECIPIENTS) return t.compose.listsRequired;
    return fieldErrorText(lang, name, error.type as string, error.message);
  };
  const at = (name: "subject" | "preheader" | "from_name" | "reply_to") => ({
    id: `sendout-${name}`,
    error: errorText(name),
    ...form.register(name),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => save.mutate(body))}
      className="grid gap-4 md:grid-cols-2"
      aria-label={t.compose.content}
    >
      <TextField label={t.compose.subject} className="md:col-span-2" {...at("subject")} />
      <TextField
        label={t.compose.preheader}
        help={t.compose.preheaderHelp}
        className="md:col-span-2"
        {...at("preheader")}
      />
      <TextField label={t.compose.fromName} help={t.compose.fromNameHelp} {...at("from_name")} />
      <TextField label={t.compose.replyTo} help={t.compose.replyToHelp} type="email" {...at("reply_to")} />
      <fieldset
        className="md:col-span-2"
        aria-describedby="sendout-lists-help"
        aria-invalid={errors.list_ids ? true : undefined}
      >
        <legend className="font-medium">{t.compose.lists}</legend>
        <p id="sendout-lists-help" className="text-sm text-slate-700">
          {lists === null ? t.compose.noListAccess : lists.length === 0 ? t.compose.noLists : t.compose.listsHelp}
        </p>
        <Controller
          control={form.control}
          name="list_ids"
          render={({ field }) => <IdCheckboxes choices={lists ?? []} field={field} />}
        />
        <FieldErrorLine id="sendout-lists" error={errorText("list_ids")} />
      </fieldset>
      {activities !== null && (
        <fieldset className="md:col-span-2" aria-describedby="sendout-activities-help">
          <legend className="font-medium">{t.compose.activities}</legend>
          <p id="sendout-activities-help" className="text-sm text-slate-700">
            {activities.length === 0 ? t.compose.noActivities : t.compose.activitiesHelp}
          </p>
          <Controller
            control={form.control}
            name="activity_ids"
            render={({ field }) => <IdCheckboxes choices={activities} field={field} />}
          />
        </fieldset>
      )}
      <div className="md:col-span-2">
        <p id="sendout-html-label" className="font-medium">
          {t.compose.body}
        </p>
        <p id="sendout-html-help" className="text-sm text-slate-700">
          {t.compose.bodyHelp}
        </p>
        <Controller
          control={form.control}
          name="html"
          render={({ field }) => (
            <RichTextEditor
              id="sendout-html"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelledBy="sendout-html-label"
              describedBy={errors.html ? "sendout-html-help sendout-html-error" : "sendout-html-help"}
              invalid={Boolean(errors.html)}
              t={t.editor}
            />
          )}
        />
        <FieldErrorLine id="sendout-html" error={errorText("html")} />
      </div>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <button type="submit" className={buttonClass} disabled={save.isPending}>
          {save.isPending ? t.compose.saving : sendout ? t.compose.save : t.compose.create}
        </button>
        {isDirty && (
          <span className="text-sm font-medium text-amber-900" data-testid="unsaved">
            {t.compose.unsavedNote}
          </span>
        )}
      </div>
    </form>
  );
}

/** A checkbox per choice (a list, an activity), for a field holding the chosen ids. */
function IdCheckboxes({
  choices,
  field,
}: {
  choices: { id: number; name: string }[];
  field: { value: number[]; onChange: (ids: number[]) => void; onBlur: () => void };
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
      {choices.map((choice) => (
        <CheckboxField
          key={choice.id}
          label={choice.name}
          checked={field.value.includes(choice.id)}
          onBlur={field.onBlur}
          onChange={(e) =>
            field.onChange(
              e.target.checked ? [...field.value, choice.id] : field.value.filter((id) => id !== choice.id),
            )
          }
        />
      ))}
    </div>
  );
}
