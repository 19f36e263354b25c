// What a failed server action means to the staff member, by status (never by the API's English reason), and its field
// problems put on the form with their stable keys.
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ActionError } from "@/lib/actions/result";
import type { CompaniesMessages } from "@/lib/i18n/admin/companies";

export function actionErrorText(t: CompaniesMessages["errors"], error: unknown): string {
  if (!(error instanceof ActionError)) return t.unexpected;
  switch (error.result.status) {
    case 400:
      return t.invalid;
    case 401:
    case 403:
      return t.forbidden;
    case 404:
      return t.notFound;
    case 429:
      return t.rateLimited;
    default:
      return t.unexpected;
  }
}

/** Puts the action's field problems on the form's fields; returns whether there were any for these fields. */
export function showFieldErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown, fields: readonly Path<V>[]): boolean {
  if (!(error instanceof ActionError)) return false;
  let shown = false;
  for (const field of fields) {
    const messages = error.result.fieldErrors[field];
    if (!messages?.length) continue;
    form.setError(field, { type: error.result.issueKeys[field]?.[0] ?? "", message: messages[0] });
    shown = true;
  }
  return shown;
}
