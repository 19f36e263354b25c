"use client";
// Creating or changing an event: wall-clock start and end in the event's time zone (the browser turns them into ISO
// 8601 with the zone's offset for the API's schema), place, description and seats.
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { ActionError, unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { eventsMessages } from "@/modules/events/texts/events";
import { fill } from "@/lib/i18n/fill";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import {
  DEFAULT_EVENT_TIME_ZONE,
  EventForm as EventFormSchema,
  eventBodyOf,
  localPart,
  type EventFormValues,
} from "@/modules/events/schemas/event";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { SaveOrCancel } from "@/components/admin/ui/save-or-cancel";
import type { EventActions, EventRow } from "./types";

/** Server fields and the form fields that show their problems. */
const SERVER_FIELDS: Record<string, keyof EventFormValues> = {
  name: "name",
  description: "description",
  location: "location",
  starts_at: "starts_local",
  ends_at: "ends_local",
  time_zone: "time_zone",
  capacity: "capacity",
};

const ZONES = ["Europe/Stockholm", "Europe/Helsinki", "Europe/Oslo", "Europe/Copenhagen", "Europe/London", "UTC"];

export function EventForm({
  event,
  companyId,
  actions,
  onDone,
}: {
  /** null: a new event of `companyId`. */
  event: EventRow | null;
  companyId: string;
  actions: Pick<EventActions, "createEvent" | "updateEvent">;
  onDone: (saved?: EventRow) => void;
}) {
  const lang = useLang();
  const t = eventsMessages(lang);
  const queryClient = useQueryClient();
  const form = useForm<EventFormValues>({
    resolver: keyedZodResolver(EventFormSchema),
    defaultValues: {
      name: event?.name ?? "",
      description: event?.description ?? "",
      location: event?.location ?? "",
      starts_local: localPart(event?.starts_at ?? null),
      ends_local: localPart(event?.ends_at ?? null),
      time_zone: event?.time_zone ?? DEFAULT_EVENT_TIME_ZONE,
      capacity: event?.capacity ? String(event.capacity) : "",
    },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: EventFormValues) => {
      const body = eventBodyOf(values);
      return unwrap(
        event
          ? actions.updateEvent({ id: event.id, event: body })
          : actions.createEvent({ ...body, company_id: companyId }),
      );
    },
    onSuccess: (saved) => {
      toast.success(event ? t.form.saved : fill(t.form.created, { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.events.all });
      onDone(saved);
    },
    onError: (error) => {
      if (error instanceof ActionError) {
        for (const [field, messages] of Object.entries(error.result.fieldErrors)) {
          const target = SERVER_FIELDS[field];
          if (!target) continue;
          const key = error.result.issueKeys[field]?.[0];
          const message = key ? messages[0] : field === "capacity" ? t.form.capacityTooSmall : t.form.endsBeforeStart;
          form.setError(target as Path<EventFormValues>, { type: key ?? "business", message });
        }
      }
      toast.error(failureText(t.common, error));
    },
  });

  const errorText = (name: keyof EventFormValues) => {
    const error = errors[name];
    if (!error) return undefined;
    if (error.type === "business") return error.message;
    if (name === "ends_local" && error.message === "must be after starts_at") return t.form.endsBeforeStart;
    return fieldErrorText(lang, name, error.type as string, error.message);
  };
  const at = (name: keyof EventFormValues) => ({ id: `event-${name}`, error: errorText(name), ...form.register(name) });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-4 md:grid-cols-2"
    >
      <TextField label={t.form.name} {...at("name")} />
      <TextField label={t.form.location} {...at("location")} />
      <TextField label={t.form.starts} type="datetime-local" {...at("starts_local")} />
      <TextField label={t.form.ends} type="datetime-local" {...at("ends_local")} />
      <SelectField label={t.form.timeZone} help={t.form.timeZoneHelp} {...at("time_zone")}>
        {[...new Set([form.getValues("time_zone"), ...ZONES])].map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </SelectField>
      <TextField label={t.form.capacity} inputMode="numeric" help={t.form.capacityHelp} {...at("capacity")} />
      <TextAreaField label={t.form.description} rows={3} className="md:col-span-2" {...at("description")} />
      <SaveOrCancel
        pending={save.isPending}
        label={event ? t.form.save : t.form.create}
        pendingLabel={t.form.saving}
        cancelLabel={t.common.cancel}
        onCancel={() => onDone()}
      />
    </form>
  );
}
