"use client";
// The association's own LOK-stöd thresholds (a municipality's rules), or RF-SISU's when it has none. Saving them
// counts the report again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { TextField } from "@/components/ui/field";
import { ActionError, unwrap } from "@/lib/actions/result";
import { fill } from "@/lib/i18n/fill";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { buttonClass } from "@/components/admin/ui/styles";
import { lokScreenMessages } from "../texts/lok-screen";
import type { LokActions, LokSettings } from "./types";

const FIELDS = [
  "min_age",
  "max_age",
  "min_participants",
  "min_leader_age",
  "min_minutes",
  "max_participants_per_leader",
] as const;
type Field = (typeof FIELDS)[number];

export function LokSettingsForm({
  settings,
  canWrite,
  actions,
  onSaved,
}: {
  settings: LokSettings;
  canWrite: boolean;
  actions: LokActions;
  onSaved: (saved: LokSettings) => void;
}) {
  const lang = useLang();
  const t = lokScreenMessages(lang);
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, String(settings[f])])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: () => {
      const numbers = Object.fromEntries(
        FIELDS.map((f) => [f, /^\d+$/.test(values[f]) ? Number(values[f]) : values[f]]),
      ) as Record<Field, number>;
      return unwrap(actions.updateLokSettings({ company_id: settings.company_id, ...numbers }));
    },
    onSuccess: (saved) => {
      setErrors({});
      toast.success(t.settings.saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.activities.all });
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ActionError) {
        const found: Partial<Record<Field, string>> = {};
        for (const [field, messages] of Object.entries(error.result.fieldErrors)) {
          if (!(FIELDS as readonly string[]).includes(field)) continue;
          found[field as Field] = fieldErrorText(lang, field, error.result.issueKeys[field]?.[0], messages[0]);
        }
        setErrors(found);
      }
      toast.error(failureText(t.common, error));
    },
  });
  return (
    <Panel id="lok-settings" title={t.settings.title} intro={t.settings.intro}>
      <p className="font-medium" data-testid="lok-settings-source">
        {settings.source === "COMPANY" ? t.settings.sourceCompany : t.settings.sourceRfSisu}
      </p>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FIELDS.map((f) => (
            <TextField
              key={f}
              id={`lok-${f}`}
              label={t.settings[f]}
              inputMode="numeric"
              help={f === "min_age" || f === "max_age" ? t.settings.agesHelp : undefined}
              value={values[f]}
              readOnly={!canWrite}
              error={errors[f]}
              onChange={(e) => setValues({ ...values, [f]: e.target.value })}
            />
          ))}
        </div>
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {settings.weekly_caps.map((band) => (
            <li key={band.from_age}>
              {fill(t.settings.weeklyCaps, { cap: band.cap, from: band.from_age, to: band.to_age })}
            </li>
          ))}
        </ul>
        {canWrite ? (
          <button type="submit" className={buttonClass} disabled={save.isPending}>
            {save.isPending ? t.settings.saving : t.settings.save}
          </button>
        ) : (
          <p className="text-sm text-slate-700">{t.settings.readOnly}</p>
        )}
      </form>
    </Panel>
  );
}
