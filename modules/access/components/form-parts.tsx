"use client";
// What the access forms (new API key, new admin user, changed admin user) share: a field's problem in the staff
// member's language, the access-group editor's problems, the form's problem line, and the frame with the
// cancel/submit row.
import { useState } from "react";
import type { FieldValues, UseFormSetError } from "react-hook-form";
import { accessMessages, type AccessMessages } from "@/modules/access/texts/access";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { failureText, showFieldErrors } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";
import { companyIdsText, type AccessFieldErrors } from "./access-group-fields";
import { businessRuleText } from "./action-errors";

type ErrorLike = { type?: unknown; message?: string } | undefined;

/** A field's problem as text: its stable key translated, else the message. */
export function useFieldText() {
  const lang = useLang();
  return (field: string, error: ErrorLike) =>
    error
      ? fieldErrorText(lang, field, typeof error.type === "string" ? error.type : undefined, error.message)
      : undefined;
}

export function accessErrors(
  m: AccessMessages,
  text: ReturnType<typeof useFieldText>,
  errors:
    | { modules?: ErrorLike; permissions?: ErrorLike; company_ids?: ErrorLike; include_descendants?: ErrorLike }
    | undefined,
): AccessFieldErrors {
  return {
    modules: text("access.modules", errors?.modules),
    permissions: text("access.permissions", errors?.permissions),
    company_ids: companyIdsText(m, text("access.company_ids", errors?.company_ids), errors?.company_ids),
    include_descendants: text("access.include_descendants", errors?.include_descendants),
  };
}

/** The problem a form shows above its fields. After a failed action the fields' problems go on the fields (business
 * rules in the staff member's words) and the line says to check them; any other failure is said on the line. */
export function useFormProblem<V extends FieldValues>(setError: UseFormSetError<V>, fields: readonly string[]) {
  const m = accessMessages(useLang());
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (error: unknown) => {
    const onFields = showFieldErrors(setError, error, fields, (field) => businessRuleText(m.errors, field));
    setProblem(onFields ? m.errors.invalid : failureText(m.errors, error));
  };
  return { problem, setProblem, fail };
}

/** An access form: its problem line, its fields, and the cancel/submit row. */
export function AccessFormFrame({
  onSubmit,
  problem,
  actions,
  children,
}: {
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  problem: string | null;
  actions: React.ComponentProps<typeof FormActions>;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {problem && <ProblemAlert>{problem}</ProblemAlert>}
      {children}
      <FormActions {...actions} />
    </form>
  );
}

function FormActions({
  cancel,
  submit,
  pending,
  onCancel,
}: {
  cancel: string;
  submit: string;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    // Sticky at the dialog's bottom edge: on a tablet the long access editor scrolls under it and the submit button
    // stays in reach.
    <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-wrap justify-end gap-3 border-t border-slate-200 bg-white px-6 pb-6 pt-4">
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        {cancel}
      </button>
      <button type="submit" className={buttonClass} disabled={pending}>
        {submit}
      </button>
    </div>
  );
}
