"use client";
// The hosted subscribe form. Without JavaScript it posts to the server action like any HTML form; with it,
// react-hook-form validates with the same zod schema first and the action runs in a transition.
import { startTransition, useActionState, useRef } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import type { Messages } from "@/lib/i18n/public-pages";
import { SubscribeRequest } from "@/lib/validation/subscription";
import type { SubscribeFormState } from "./form-states";
import { CheckboxField, TextField } from "../ui/field";
import { buttonClass } from "./page-shell";
import { ProblemAlert } from "../ui/problem-alert";

const FormFields = SubscribeRequest.pick({ email: true, firstname: true, lastname: true, phone: true });

interface Props {
  listUuid: string;
  listName: string;
  fields: ("firstname" | "lastname" | "phone")[];
  questions: { prop_id: number; name: string; descr: string; group_name: string }[];
  termHtml: string | null;
  lang: Lang;
  t: Messages;
  action: (previous: SubscribeFormState, form: FormData) => Promise<SubscribeFormState>;
}

export function SubscribeForm({ listUuid, listName, fields, questions, termHtml, lang, t, action }: Props) {
  const [state, formAction, pending] = useActionState<SubscribeFormState, FormData>(action, { status: "idle" });
  const formRef = useRef<HTMLFormElement>(null);
  const values = state.status === "error" ? state.values : {};
  const form = useForm<z.input<typeof FormFields>, unknown, z.output<typeof FormFields>>({
    resolver: keyedZodResolver(FormFields),
    mode: "onTouched",
  });

  if (state.status === "success") {
    return (
      <div role="status" aria-live="polite" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900">
        <h2 className="text-lg font-semibold">{state.pending ? t.pendingTitle : t.subscribedTitle}</h2>
        <p className="mt-1">{fill(state.pending ? t.pendingBody : t.subscribedBody, { email: state.email, list: listName })}</p>
      </div>
    );
  }

  const serverErrors = state.status === "error" ? state.fieldErrors : {};
  const serverKeys = state.status === "error" ? state.issueKeys : {};
  const errorFor = (name: keyof z.input<typeof FormFields>) => {
    const client = form.formState.errors[name];
    if (client) return fieldErrorText(lang, name, client.type, client.message);
    return fieldErrorText(lang, name, serverKeys[name]?.[0], serverErrors[name]?.[0]);
  };
  const banner = state.status === "error" && state.problem !== "fields" ? t[state.problem] : state.status === "error" ? t.fixErrors : null;

  const textField = (name: "email" | "firstname" | "lastname" | "phone", type: string, autoComplete: string, required = false) => (
    <TextField
      id={name}
      label={
        <>
          {t[name]}
          {required && <span className="text-slate-600"> ({t.required})</span>}
        </>
      }
      type={type}
      autoComplete={autoComplete}
      required={required}
      error={errorFor(name)}
      // Without JavaScript react-hook-form never runs, so the server-rendered value must be in the markup.
      defaultValue={values[name] ?? ""}
      {...form.register(name)}
    />
  );

  return (
    <form
      ref={formRef}
      action={formAction}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit(() => startTransition(() => formAction(new FormData(formRef.current!))))(event);
      }}
      className="space-y-4"
    >
      <input type="hidden" name="list_uuid" value={listUuid} />
      <input type="hidden" name="lang" value={lang} />
      {banner && (
        <ProblemAlert>{banner}</ProblemAlert>
      )}
      {textField("email", "email", "email", true)}
      {fields.includes("firstname") && textField("firstname", "text", "given-name")}
      {fields.includes("lastname") && textField("lastname", "text", "family-name")}
      {fields.includes("phone") && textField("phone", "tel", "tel")}
      {questions.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="font-medium">{t.questions}</legend>
          {questions.map((q) => (
            <CheckboxField key={q.prop_id} id={`q-${q.prop_id}`} name="answered_prop_ids" value={q.prop_id} label={q.name} description={q.descr} className="flex items-start gap-3" />
          ))}
        </fieldset>
      )}
      {termHtml !== null && (
        <div className="space-y-2">
          {/* Sanitized server-side with an allowlist (lib/sanitize.ts). */}
          <div className="consent-text max-h-48 overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-3 text-sm" dangerouslySetInnerHTML={{ __html: termHtml }} />
          <CheckboxField id="terms_accepted" name="terms_accepted" label={t.acceptTerms} className="flex items-start gap-3" />
        </div>
      )}
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? t.sending : t.subscribe}
      </button>
    </form>
  );
}
