"use client";
// The weekly rules of the activity form as rows staff add and remove: weekday, start time, minutes, first and last
// day. Each row's fields are named by the row ("Veckodag, rad 2") for screen readers.
import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { SelectField, TextField } from "@/components/ui/field";
import { fill } from "@/lib/i18n/fill";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { ActivityFormValues, RuleRowValues } from "../schemas/activity-form";
import type { ActivitiesMessages } from "../texts/activities";

export function ScheduleRows({
  form,
  t,
  errorText,
  newRule,
}: {
  form: UseFormReturn<ActivityFormValues>;
  t: ActivitiesMessages;
  errorText: (path: string, error: { type?: string; message?: string } | undefined) => string | undefined;
  newRule: () => RuleRowValues;
}) {
  const rules = useFieldArray({ control: form.control, name: "schedule" });
  const rowErrors = form.formState.errors.schedule;
  return (
    <fieldset className="space-y-3 md:col-span-2">
      <legend className="font-semibold">{t.form.schedule}</legend>
      <p className="text-sm text-slate-700">{t.form.scheduleHelp}</p>
      {rules.fields.length === 0 && <p className="text-slate-700">{t.form.noRules}</p>}
      <ol className="space-y-3">
        {rules.fields.map((field, index) => {
          const row = fill(t.form.rule, { n: index + 1 });
          const named = (label: string) => (
            <>
              {label} <span className="sr-only">({row})</span>
            </>
          );
          const at = (name: keyof RuleRowValues) => ({
            id: `rule-${index}-${name}`,
            error: errorText(name, rowErrors?.[index]?.[name]),
            dense: true,
            ...form.register(`schedule.${index}.${name}`),
          });
          return (
            <li
              key={field.id}
              className="grid items-start gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3 lg:grid-cols-6"
              data-testid="schedule-rule"
            >
              <SelectField label={named(t.form.weekday)} {...at("weekday")}>
                {t.weekdays.map((day, i) => (
                  <option key={day} value={String(i + 1)}>
                    {day}
                  </option>
                ))}
              </SelectField>
              <TextField label={named(t.form.startTime)} type="time" {...at("start_time")} />
              <TextField label={named(t.form.duration)} inputMode="numeric" {...at("duration_minutes")} />
              <TextField label={named(t.form.from)} type="date" {...at("from")} />
              <TextField label={named(t.form.to)} type="date" {...at("to")} />
              <div className="self-end">
                <button
                  type="button"
                  className={`${secondaryButtonClass} px-3 py-2`}
                  onClick={() => rules.remove(index)}
                >
                  {fill(t.form.removeRule, { n: index + 1 })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {rules.fields.length < 14 && (
        <button type="button" className={secondaryButtonClass} onClick={() => rules.append(newRule())}>
          {t.form.addRule}
        </button>
      )}
    </fieldset>
  );
}
