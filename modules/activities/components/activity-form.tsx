"use client";
// Creating or changing an activity: its details, places, birth years, time zone and the weekly schedule with its
// holidays and exception dates. The service plans the occasions (a changed schedule plans the coming ones again).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { CheckboxField, SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { ActionError, unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { stockholmToday } from "@/lib/calendar";
import { fill } from "@/lib/i18n/fill";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { SaveOrCancel } from "@/components/admin/ui/save-or-cancel";
import { DEFAULT_EVENT_TIME_ZONE } from "@/modules/events/schemas/event";
import {
  ActivityForm as ActivityFormSchema,
  activityBodyOf,
  type ActivityFormValues,
  type RuleRowValues,
} from "../schemas/activity-form";
import { activitiesMessages } from "../texts/activities";
import { ScheduleRows } from "./schedule-rows";
import type { ActivityFormActions, ActivityWithParticipants } from "./types";

const ZONES = ["Europe/Stockholm", "Europe/Helsinki", "Europe/Oslo", "Europe/Copenhagen", "Europe/London", "UTC"];
type TopField = "name" | "description" | "location" | "birth_year_from" | "birth_year_to" | "capacity";

/** A new row: Tuesdays at 18:00 for an hour, from today to the end of the half-year. */
function newRule(): RuleRowValues {
  const today = stockholmToday();
  const end = today.slice(5, 7) <= "06" ? `${today.slice(0, 4)}-06-30` : `${today.slice(0, 4)}-12-31`;
  return { weekday: "2", start_time: "18:00", duration_minutes: "60", from: today, to: end };
}

function defaults(activity: ActivityWithParticipants | null): ActivityFormValues {
  if (!activity) {
    return {
      name: "",
      description: "",
      location: "",
      birth_year_from: "",
      birth_year_to: "",
      capacity: "",
      time_zone: DEFAULT_EVENT_TIME_ZONE,
      skip_holidays: true,
      signup_open: false,
      except_dates: "",
      schedule: [newRule()],
    };
  }
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    name: activity.name,
    description: activity.description ?? "",
    location: activity.location ?? "",
    birth_year_from: text(activity.birth_year_from),
    birth_year_to: text(activity.birth_year_to),
    capacity: text(activity.capacity),
    time_zone: activity.time_zone,
    skip_holidays: activity.skip_holidays,
    signup_open: activity.signup_open,
    except_dates: activity.except_dates.join("\n"),
    schedule: activity.schedule.map((r) => ({
      weekday: String(r.weekday),
      start_time: r.start_time,
      duration_minutes: String(r.duration_minutes),
      from: r.from,
      to: r.to,
    })),
  };
}

export function ActivityForm({
  activity,
  companyId,
  actions,
  onDone,
}: {
  /** null: a new activity of `companyId`. */
  activity: ActivityWithParticipants | null;
  companyId: string;
  actions: ActivityFormActions;
  onDone: (saved?: ActivityWithParticipants) => void;
}) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const queryClient = useQueryClient();
  const form = useForm<ActivityFormValues>({
    resolver: keyedZodResolver(ActivityFormSchema),
    defaultValues: defaults(activity),
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: ActivityFormValues) => {
      const body = activityBodyOf(values);
      return unwrap(
        activity
          ? actions.updateActivity({ id: activity.id, activity: body })
          : actions.createActivity({ ...body, company_id: companyId, time_zone: values.time_zone }),
      );
    },
    onSuccess: (saved) => {
      toast.success(activity ? t.form.saved : fill(t.form.created, { name: saved.name }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      onDone(saved);
    },
    onError: (error) => {
      if (error instanceof ActionError) {
        for (const [field, messages] of Object.entries(error.result.fieldErrors)) {
          const key = error.result.issueKeys[field]?.[0];
          const target = field.startsWith("schedule") || field === "except_dates" ? field : field.split(".")[0];
          const message = key ? messages[0] : field === "capacity" ? t.form.capacityTooSmall : t.form.scheduleProblem;
          form.setError(target as Path<ActivityFormValues>, { type: key ?? "business", message });
        }
      }
      toast.error(failureText(t.common, error));
    },
  });

  const errorText = (name: string, error: { type?: string; message?: string } | undefined) => {
    if (!error) return undefined;
    if (error.type === "business") return error.message;
    return fieldErrorText(lang, name, String(error.type), error.message ?? "");
  };
  const at = (name: TopField | "time_zone" | "except_dates") => ({
    id: `activity-${name}`,
    error: errorText(name, errors[name]),
    ...form.register(name),
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="grid gap-4 md:grid-cols-2"
    >
      <TextField label={t.form.name} {...at("name")} />
      <TextField label={t.form.location} {...at("location")} />
      <TextField
        label={t.form.birthYearFrom}
        inputMode="numeric"
        help={t.form.birthYearsHelp}
        {...at("birth_year_from")}
      />
      <TextField label={t.form.birthYearTo} inputMode="numeric" {...at("birth_year_to")} />
      <TextField label={t.form.capacity} inputMode="numeric" help={t.form.capacityHelp} {...at("capacity")} />
      {activity ? (
        <p className="self-end text-sm text-slate-700">
          {t.form.timeZone}: {activity.time_zone}
        </p>
      ) : (
        <SelectField label={t.form.timeZone} help={t.form.timeZoneHelp} {...at("time_zone")}>
          {ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField label={t.form.description} rows={3} className="md:col-span-2" {...at("description")} />
      <ScheduleRows form={form} t={t} errorText={errorText} newRule={newRule} />
      <CheckboxField
        label={t.form.skipHolidays}
        description={t.form.skipHolidaysHelp}
        {...form.register("skip_holidays")}
      />
      <CheckboxField label={t.form.signupOpen} description={t.form.signupOpenHelp} {...form.register("signup_open")} />
      <TextAreaField label={t.form.exceptDates} rows={3} help={t.form.exceptDatesHelp} {...at("except_dates")} />
      {activity && <p className="text-sm text-slate-700 md:col-span-2">{t.form.replanNote}</p>}
      <SaveOrCancel
        pending={save.isPending}
        label={activity ? t.form.save : t.form.create}
        pendingLabel={t.form.saving}
        cancelLabel={t.common.cancel}
        onCancel={() => onDone()}
      />
    </form>
  );
}
