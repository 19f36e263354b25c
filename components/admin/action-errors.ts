// What a failed server action or data read means to the staff member, chosen by status (never by the API's English
// reason), and a failed action's field problems put on its form: schema problems by their stable keys (translated
// by lib/i18n/field-errors.ts), business-rule problems (no key) with a text the screen chooses by field.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ActionError } from "@/lib/actions/result";
import { HttpError } from "@/lib/client/fetch-json";

export interface FailureMessages {
  invalid: string;
  forbidden: string;
  notFound: string;
  rateLimited: string;
  unexpected: string;
  /** Defaults to `forbidden`. */
  signedOut?: string;
}

export function failureText(t: FailureMessages, error: unknown): string {
  const status = error instanceof ActionError ? error.result.status : error instanceof HttpError ? error.status : 0;
  switch (status) {
    case 400:
      return t.invalid;
    case 401:
      return t.signedOut ?? t.forbidden;
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

/** Puts the action's field problems on the form; returns whether any of them belonged to these fields. */
export function showFieldErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  error: unknown,
  fields: readonly string[],
  businessRuleText?: (field: string) => string,
): boolean {
  if (!(error instanceof ActionError)) return false;
  let shown = false;
  for (const field of fields) {
    const messages = error.result.fieldErrors[field];
    if (!messages?.length) continue;
    const key = error.result.issueKeys[field]?.[0];
    setError(
      field as Path<V>,
      key || !businessRuleText
        ? { type: key ?? "", message: messages[0] }
        : { type: "business", message: businessRuleText(field) },
    );
    shown = true;
  }
  return shown;
}
