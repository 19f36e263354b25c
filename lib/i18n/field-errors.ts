// Field problems in Swedish and English, keyed by the stable issue keys of lib/validation/issues.ts (never by the
// API's English texts). A field-specific entry ("email.required") wins over the generic one.
import type { Lang } from "./lang";

const sv: Record<string, string> = {
  required: "Fältet måste fyllas i.",
  "email.required": "Fyll i din e-postadress.",
  invalid_email: "Ange en giltig e-postadress, till exempel namn@exempel.se.",
  invalid_url: "Ange en giltig adress som börjar med https://.",
  invalid_personal_number: "Ange ett giltigt personnummer, till exempel 20150312-1234.",
  too_long: "Högst {n} tecken.",
  too_short: "Minst {n} tecken.",
  too_big: "Högst {n}.",
  too_small: "Minst {n}.",
  too_few: "Välj minst {n}.",
  too_many: "Välj högst {n}.",
  invalid: "Värdet är inte giltigt.",
  control_characters: "Får inte innehålla radbrytningar eller andra styrtecken.",
  not_staff:
    "Test skickas bara till personal i organisationen: en adress med inloggning till adminpanelen och åtkomst till föreningen.",
};

const en: Record<string, string> = {
  required: "This field is required.",
  "email.required": "Enter your email address.",
  invalid_email: "Enter a valid email address, such as name@example.com.",
  invalid_url: "Enter a valid address starting with https://.",
  invalid_personal_number: "Enter a valid Swedish personal identity number, such as 20150312-1234.",
  too_long: "At most {n} characters.",
  too_short: "At least {n} characters.",
  too_big: "At most {n}.",
  too_small: "At least {n}.",
  too_few: "Choose at least {n}.",
  too_many: "Choose at most {n}.",
  invalid: "The value is not valid.",
  control_characters: "Must not contain line breaks or other control characters.",
  not_staff:
    "Tests go only to the organization's staff: an address with a dashboard account that has access to the association.",
};

/** The translated text of an issue key for a field; the English message when the problem has no key. */
export function fieldErrorText(
  lang: Lang,
  field: string,
  key: string | undefined,
  fallback: string | undefined,
): string | undefined {
  if (!key) return fallback;
  const [name, n] = key.split(":");
  const texts = lang === "en" ? en : sv;
  const text = texts[`${field}.${name}`] ?? texts[name];
  return text ? text.replace("{n}", n ?? "") : fallback;
}
