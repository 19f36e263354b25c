"use client";
// Adding a webhook or changing one: the receiver's URL, a note for staff and the events it hears (every event ticked
// for a new one, as most receivers sort events themselves). The service checks the URL again (https, no internal
// address) and its refusal is shown on the field.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { CheckboxField, FieldErrorLine, TextAreaField, TextField } from "@/components/ui/field";
import { unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { webhooksMessages } from "@/modules/webhooks/texts/webhooks";
import { queryKeys } from "@/lib/query-keys";
import { CreateWebhookEndpointRequest, WEBHOOK_EVENT_TYPES } from "@/modules/webhooks/schemas/webhooks";
import { failureText, showFieldErrors } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Modal } from "@/components/admin/ui/modal";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import type { Endpoint, WebhookActions } from "./types";

const EndpointForm = CreateWebhookEndpointRequest.omit({ company_id: true });
type Values = z.input<typeof EndpointForm>;
type Saved = z.output<typeof EndpointForm>;

/** `editing` null: a new endpoint of `companyId` (its secret goes to `onCreated`); an endpoint: changing it. */
export function EndpointDialog({
  open,
  editing,
  companyId,
  onClose,
  onCreated,
  actions,
}: {
  open: boolean;
  editing: Endpoint | null;
  companyId: string;
  onClose: () => void;
  onCreated: (secret: string) => void;
  actions: Pick<WebhookActions, "create" | "update">;
}) {
  const lang = useLang();
  const t = webhooksMessages(lang);
  const queryClient = useQueryClient();
  const form = useForm<Values, unknown, Saved>({
    resolver: keyedZodResolver(EndpointForm),
    values: editing
      ? { url: editing.url, description: editing.description, events: editing.events }
      : { url: "", description: "", events: [...WEBHOOK_EVENT_TYPES] },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = useMutation({
    mutationFn: async (values: Saved) => {
      if (editing) return { secret: null, ...(await unwrap(actions.update({ id: editing.id, ...values }))) };
      return unwrap(actions.create({ company_id: companyId, ...values }));
    },
    onSuccess: (saved) => {
      toast.success(t.form.saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
      close();
      if (saved.secret) onCreated(saved.secret);
    },
    onError: (error) => {
      if (
        !showFieldErrors(form.setError, error, ["url", "description", "events"], (field) =>
          field === "url" ? t.form.urlRefused : t.common.invalid,
        )
      ) {
        toast.error(failureText(t.common, error));
      }
    },
  });
  const { errors } = form.formState;
  const errorText = (name: "url" | "description") => {
    const error = errors[name];
    return (
      error &&
      (error.type === "business" ? error.message : fieldErrorText(lang, name, error.type as string, error.message))
    );
  };
  const events = useWatch({ control: form.control, name: "events" }) ?? [];
  const allChosen = WEBHOOK_EVENT_TYPES.every((type) => events.includes(type));
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={editing ? t.form.editTitle : t.form.addTitle}
      wide
      testId="webhook-dialog"
    >
      <form noValidate className="space-y-4" onSubmit={form.handleSubmit((values) => save.mutate(values))}>
        <TextField
          id="webhook-url"
          label={t.form.url}
          help={t.form.urlHelp}
          type="url"
          inputMode="url"
          autoComplete="off"
          error={errorText("url")}
          {...form.register("url")}
        />
        <TextAreaField
          id="webhook-description"
          label={t.form.description}
          help={t.form.descriptionHelp}
          rows={2}
          error={errorText("description")}
          {...form.register("description")}
        />
        <fieldset aria-describedby={errors.events ? "webhook-events-error" : undefined}>
          <legend className="font-medium">{t.form.events}</legend>
          <CheckboxField
            className="mt-2 flex items-start gap-2 font-medium"
            label={t.form.allEvents}
            checked={allChosen}
            onChange={(e) =>
              form.setValue("events", e.target.checked ? [...WEBHOOK_EVENT_TYPES] : [], { shouldDirty: true })
            }
          />
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <CheckboxField
                key={type}
                value={type}
                label={t.eventNames[type]}
                description={<code className="text-xs">{type}</code>}
                {...form.register("events")}
              />
            ))}
          </div>
          <FieldErrorLine id="webhook-events" error={errors.events ? t.form.eventsRequired : undefined} />
        </fieldset>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButtonClass} onClick={close}>
            {t.common.cancel}
          </button>
          <button type="submit" className={buttonClass} disabled={save.isPending}>
            {editing ? t.form.save : t.form.create}
          </button>
        </div>
      </form>
    </Modal>
  );
}
