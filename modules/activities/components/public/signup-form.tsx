"use client";
// The hosted sign-up form of an activity. Without JavaScript it posts to the server action like any HTML form; with
// it, react-hook-form checks the same zod schema first and the action runs in a transition. Problems show on submit
// and are re-checked as the guardian types.
import { useActionState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import { CheckboxField, FieldErrorLine, TextField } from "@/components/ui/field";
import { buttonClass } from "@/components/public/page-shell";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ProgressiveForm } from "@/components/public/progressive-form";
import type { Messages } from "@/modules/lists/texts/public-pages";
import { SIGNUP_MAX_LENGTH, SignupRequest } from "@/modules/activities/schemas/signup";
import type { SignupMessages } from "@/modules/activities/texts/signup-pages";
import type { SignupFormState } from "./signup-form-state";

type TextName = keyof typeof SIGNUP_MAX_LENGTH | "child_birthdate";

interface Props {
  companyUuid: string;
  activityId: number;
  organizationName: string;
  lang: Lang;
  t: SignupMessages;
  page: Messages;
  action: (previous: SignupFormState, form: FormData) => Promise<SignupFormState>;
}

export function SignupForm({ companyUuid, activityId, organizationName, lang, t, page, action }: Props) {
  const [state, formAction, pending] = useActionState<SignupFormState, FormData>(action, { status: "idle" });
  const form = useForm<z.input<typeof SignupRequest>, unknown, z.output<typeof SignupRequest>>({
    resolver: keyedZodResolver(SignupRequest),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  if (state.status === "success") {
    return (
      <div role="status" aria-live="polite" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900 wrap-anywhere">
        <h2 className="text-lg font-semibold">{t.sentTitle}</h2>
        <p className="mt-1">{fill(t.sentBody, { email: state.email })}</p>
      </div>
    );
  }

  const failed = state.status === "error" ? state : null;
  const errorFor = (name: TextName) => {
    const client = form.formState.errors[name];
    const key = client?.type ?? failed?.issueKeys[name]?.[0];
    if (name === "child_birthdate" && key) return t.birthdateInvalid;
    if (client) return fieldErrorText(lang, name, client.type, client.message);
    return fieldErrorText(lang, name, failed?.issueKeys[name]?.[0], failed?.fieldErrors[name]?.[0]);
  };
  const consentError = form.formState.errors.consent || failed?.fieldErrors.consent ? t.consentMissing : undefined;
  const banner = failed
    ? failed.problem === "fields"
      ? page.fixErrors
      : failed.problem === "activityGone"
        ? t.activityGone
        : page[failed.problem]
    : null;

  const textField = (
    name: TextName,
    options: {
      type?: string;
      autoComplete: string;
      required?: boolean;
      help?: string;
      defaultValue?: string;
      inputMode?: "numeric";
    },
  ) => (
    <TextField
      id={name}
      label={
        <>
          {t[name]}
          <span className="text-slate-600"> ({options.required === false ? page.optional : page.required})</span>
        </>
      }
      type={options.type ?? "text"}
      inputMode={options.inputMode}
      autoComplete={options.autoComplete}
      required={options.required !== false}
      help={options.help}
      maxLength={name === "child_birthdate" ? 10 : SIGNUP_MAX_LENGTH[name]}
      error={errorFor(name)}
      // Without JavaScript react-hook-form never runs, so the server-rendered value must be in the markup.
      defaultValue={failed?.values[name] ?? options.defaultValue ?? ""}
      {...form.register(name)}
    />
  );

  return (
    <ProgressiveForm form={form} formAction={formAction} className="space-y-5">
      <input type="hidden" name="company_uuid" value={companyUuid} />
      <input type="hidden" name="activity_id" value={activityId} />
      <input type="hidden" name="lang" value={lang} />
      {banner && <ProblemAlert>{banner}</ProblemAlert>}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t.childHeading}</legend>
        {textField("child_firstname", { autoComplete: "off" })}
        {textField("child_lastname", { autoComplete: "off" })}
        {/* A text, not type=date: a phone's date wheel is slow for a birth year, and its format is the device's. */}
        {textField("child_birthdate", { autoComplete: "off", help: t.birthdateHelp, inputMode: "numeric" })}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">{t.guardianHeading}</legend>
        {textField("guardian_firstname", { autoComplete: "given-name" })}
        {textField("guardian_lastname", { autoComplete: "family-name" })}
        {textField("guardian_email", { type: "email", autoComplete: "email", help: t.emailHelp })}
        {textField("guardian_phone", { type: "tel", autoComplete: "tel", required: false })}
        {textField("relation", { autoComplete: "off", help: t.relationHelp, defaultValue: t.relationDefault })}
      </fieldset>
      <div>
        <CheckboxField
          id="consent"
          label={
            <>
              {fill(t.consent, { organization: organizationName })}
              <span className="text-slate-600"> ({page.required})</span>
            </>
          }
          required
          aria-invalid={consentError ? true : undefined}
          aria-describedby={consentError ? "consent-error" : undefined}
          defaultChecked={failed?.consent}
          className="flex items-start gap-3"
          {...form.register("consent")}
        />
        <FieldErrorLine id="consent" error={consentError} />
      </div>
      <p className="text-sm text-slate-700">{t.whyAsked}</p>
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? t.sending : t.submit}
      </button>
    </ProgressiveForm>
  );
}
