"use client";
// The hosted subscribe form. Without JavaScript it posts to the server action like any HTML form; with it,
// react-hook-form validates with the same zod schema first and the action runs in a transition. Problems show on
// submit and are then re-checked as the visitor types: an error appearing on blur would move the page under a tap.
import { useActionState, useMemo } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { fill } from "@/lib/i18n/fill";
import type { Lang } from "@/lib/i18n/lang";
import type { Messages } from "@/modules/lists/texts/public-pages";
import { SUBSCRIBE_MAX_LENGTH, SubscribeRequest } from "@/modules/lists/schemas/subscription";
import type { SubscribeFormState } from "@/components/public/form-states";
import { CheckboxField, FieldErrorLine, TextField } from "@/components/ui/field";
import { buttonClass } from "@/components/public/page-shell";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { ProgressiveForm } from "@/components/public/progressive-form";

type TextName = keyof typeof SUBSCRIBE_MAX_LENGTH;

/** The form's own schema: the API's fields, and the consent box as the list asks for it. */
function formSchema(consentRequired: boolean) {
  return SubscribeRequest.pick({ email: true, firstname: true, lastname: true, phone: true }).extend({
    terms_accepted: consentRequired ? z.literal(true, { error: "consent_required" }) : z.boolean().optional(),
  });
}
type FormSchema = ReturnType<typeof formSchema>;

interface Question {
  prop_id: number;
  name: string;
  descr: string;
  group_name: string;
  group_descr: string | null;
}

interface Props {
  listUuid: string;
  listName: string;
  organizationName: string;
  fields: ("firstname" | "lastname" | "phone")[];
  questions: Question[];
  term: { name: string; html: string } | null;
  consentRequired: boolean;
  lang: Lang;
  t: Messages;
  action: (previous: SubscribeFormState, form: FormData) => Promise<SubscribeFormState>;
}

/** The questions by their group, in the list's order: each group is asked under its own name and text. */
function byGroup(questions: Question[]) {
  const groups = new Map<string, { name: string; descr: string | null; questions: Question[] }>();
  for (const q of questions) {
    const group = groups.get(q.group_name) ?? { name: q.group_name, descr: q.group_descr, questions: [] };
    group.questions.push(q);
    groups.set(q.group_name, group);
  }
  return [...groups.values()];
}

export function SubscribeForm({ listUuid, listName, organizationName, fields, questions, term, consentRequired, lang, t, action }: Props) {
  const [state, formAction, pending] = useActionState<SubscribeFormState, FormData>(action, { status: "idle" });
  const schema = useMemo(() => formSchema(consentRequired), [consentRequired]);
  const form = useForm<z.input<FormSchema>, unknown, z.output<FormSchema>>({
    resolver: keyedZodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  if (state.status === "success") {
    return (
      <div role="status" aria-live="polite" className="rounded-md border border-green-700 bg-green-50 p-4 text-green-900 wrap-anywhere">
        <h2 className="text-lg font-semibold">{state.pending ? t.pendingTitle : t.subscribedTitle}</h2>
        <p className="mt-1">{fill(state.pending ? t.pendingBody : t.subscribedBody, { email: state.email, list: listName })}</p>
        <p className="mt-1">{fill(t.subscribedFrom, { organization: organizationName })}</p>
      </div>
    );
  }

  const failed = state.status === "error" ? state : null;
  const errorFor = (name: TextName) => {
    const client = form.formState.errors[name];
    if (client) return fieldErrorText(lang, name, client.type, client.message);
    return fieldErrorText(lang, name, failed?.issueKeys[name]?.[0], failed?.fieldErrors[name]?.[0]);
  };
  const consentError = form.formState.errors.terms_accepted || failed?.fieldErrors.terms_accepted ? t.consentMissing : undefined;
  const banner = failed ? (failed.problem === "fields" ? t.fixErrors : t[failed.problem]) : null;

  const textField = (name: TextName, type: string, autoComplete: string, required = false) => (
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
      maxLength={SUBSCRIBE_MAX_LENGTH[name]}
      error={errorFor(name)}
      // Without JavaScript react-hook-form never runs, so the server-rendered value must be in the markup.
      defaultValue={failed?.values[name] ?? ""}
      {...form.register(name)}
    />
  );

  return (
    <ProgressiveForm form={form} formAction={formAction} className="space-y-5">
      <input type="hidden" name="list_uuid" value={listUuid} />
      <input type="hidden" name="lang" value={lang} />
      {banner && <ProblemAlert>{banner}</ProblemAlert>}
      {textField("email", "email", "email", true)}
      {fields.includes("firstname") && textField("firstname", "text", "given-name")}
      {fields.includes("lastname") && textField("lastname", "text", "family-name")}
      {fields.includes("phone") && textField("phone", "tel", "tel")}
      {byGroup(questions).map((group, index) => (
        <fieldset key={group.name} className="space-y-2" aria-describedby={group.descr ? `group-${index}-descr` : undefined}>
          <legend className="font-medium">{group.name || t.questions}</legend>
          {group.descr && (
            <p id={`group-${index}-descr`} className="text-sm text-slate-700">
              {group.descr}
            </p>
          )}
          {group.questions.map((q) => (
            <CheckboxField
              key={q.prop_id}
              id={`q-${q.prop_id}`}
              name="answered_prop_ids"
              value={q.prop_id}
              label={q.name}
              description={q.descr}
              defaultChecked={failed?.answered.includes(q.prop_id)}
              className="flex items-start gap-3"
            />
          ))}
        </fieldset>
      ))}
      {term !== null && (
        <section aria-labelledby="consent-heading" className="space-y-2">
          <h2 id="consent-heading" className="font-medium">
            {term.name}
          </h2>
          {/* Sanitized server-side with an allowlist (lib/sanitize.ts). */}
          <div className="consent-text max-h-48 overflow-y-auto rounded-md border border-slate-300 bg-slate-50 p-3 text-sm wrap-anywhere" dangerouslySetInnerHTML={{ __html: term.html }} />
          <CheckboxField
            id="terms_accepted"
            label={
              <>
                {t.acceptTerms}
                <span className="text-slate-600"> ({consentRequired ? t.required : t.optional})</span>
              </>
            }
            required={consentRequired}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? "terms_accepted-error" : undefined}
            defaultChecked={failed?.termsAccepted}
            className="flex items-start gap-3"
            {...form.register("terms_accepted")}
          />
          <FieldErrorLine id="terms_accepted" error={consentError} />
        </section>
      )}
      <button type="submit" className={buttonClass} disabled={pending}>
        {pending ? t.sending : t.subscribe}
      </button>
    </ProgressiveForm>
  );
}
