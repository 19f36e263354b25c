"use client";
// Creating or changing an event: wall-clock start and end in the event's time zone (the browser turns them into ISO
// 8601 with the zone's offset for the API's schema), place, description and seats.
import { FieldFrame } from "@/components/ui/text-field";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { ActionError, unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { eventsMessages } from "@/lib/i18n/admin/events";
import { fill } from "@/lib/i18n/fill";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { DEFAULT_EVENT_TIME_ZONE, EventForm as EventFormSchema, eventBodyOf, localPart, type EventFormValues } from "@/lib/validation/event";
import { failureText } from "../action-errors";
import { useLang } from "../i18n-context";
import { buttonClass, inputClass, secondaryButtonClass } from "../ui/styles";
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

export function EventForm({ event, companyId, actions, onDone }: {
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
      return unwrap(event ? actions.updateEvent({ id: event.id, event: body }) : actions.createEvent({ ...body, company_id: companyId }));
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
  const field = (name: keyof EventFormValues, label: string, input: React.ReactNode, help?: string) => {
    const id = `event-${name}`;
    const error = errorText(name);
    return (
      <FieldFrame id={id} label={label} help={help} error={error}>
        {input}
      </FieldFrame>
    );
  };
  const aria = (name: keyof EventFormValues, help = false) => {
    const id = `event-${name}`;
    const described = [help ? `${id}-help` : null, errors[name] ? `${id}-error` : null].filter(Boolean).join(" ");
    return { id, "aria-invalid": errors[name] ? (true as const) : undefined, "aria-describedby": described || undefined };
  };

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="grid gap-4 md:grid-cols-2">
      {field("name", t.form.name, <input type="text" {...form.register("name")} {...aria("name")} className={inputClass} />)}
      {field("location", t.form.location, <input type="text" {...form.register("location")} {...aria("location")} className={inputClass} />)}
      {field("starts_local", t.form.starts, <input type="datetime-local" {...form.register("starts_local")} {...aria("starts_local")} className={inputClass} />)}
      {field("ends_local", t.form.ends, <input type="datetime-local" {...form.register("ends_local")} {...aria("ends_local")} className={inputClass} />)}
      {field(
        "time_zone",
        t.form.timeZone,
        <select {...form.register("time_zone")} {...aria("time_zone", true)} className={inputClass}>
          {[...new Set([form.getValues("time_zone"), ...ZONES])].map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>,
        t.form.timeZoneHelp,
      )}
      {field("capacity", t.form.capacity, <input type="text" inputMode="numeric" {...form.register("capacity")} {...aria("capacity", true)} className={inputClass} />, t.form.capacityHelp)}
      <div className="md:col-span-2">
        {field("description", t.form.description, <textarea rows={3} {...form.register("description")} {...aria("description")} className={inputClass} />)}
      </div>
      <div className="flex flex-wrap gap-3 md:col-span-2">
        <button type="submit" className={buttonClass} disabled={save.isPending}>
          {save.isPending ? t.form.saving : event ? t.form.save : t.form.create}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => onDone()}>
          {t.common.cancel}
        </button>
      </div>
    </form>
  );
}
