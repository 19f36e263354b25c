// What a failed server action means to the staff member, by status (never by the API's English reason), and its field
// problems put on the form: schema problems by their stable keys, business-rule problems (no key) with a translated
// text chosen by field.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ActionError } from "@/lib/actions/result";
import type { AccessMessages } from "@/lib/i18n/admin/access";

export function actionErrorText(t: AccessMessages["errors"], error: unknown): string {
  if (!(error instanceof ActionError)) return t.unexpected;
  switch (error.result.status) {
    case 400:
      return t.invalid;
    case 401:
      return t.signedOut;
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

/** A translated text for a business-rule problem of a field (one the schema did not find). */
export function businessRuleText(t: AccessMessages["errors"], field: string): string {
  if (field.startsWith("access.")) return t.beyondOwn;
  if (field === "email") return t.emailTaken;
  if (field === "company_id") return t.unknownCompany;
  return t.invalid;
}

/** Puts the action's field problems on the form; returns whether any of them belonged to these fields. */
export function showFieldErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  error: unknown,
  fields: readonly string[],
  t: AccessMessages["errors"],
): boolean {
  if (!(error instanceof ActionError)) return false;
  let shown = false;
  for (const field of fields) {
    const messages = error.result.fieldErrors[field];
    if (!messages?.length) continue;
    const key = error.result.issueKeys[field]?.[0];
    setError(field as Path<V>, key ? { type: key, message: messages[0] } : { type: "business", message: businessRuleText(t, field) });
    shown = true;
  }
  return shown;
}
