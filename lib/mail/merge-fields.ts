// Merge fields in a sendout's subject, preheader and body: {{firstname}}, {{lastname}}, {{email}}, each with an optional
// fallback for a recipient who lacks the value, {{firstname|vän}}. A value is the recipient's own data, written by
// anyone who filled in a subscription form, so in HTML it is escaped and can never become markup; in text (the
// subject, the plain-text part) it goes in as it is, since nothing there is interpreted.
//
// An unknown field ({{nickname}}, a typo) is removed rather than left as written: the recipient should never see
// template syntax, and the test copy staff send themselves shows the gap where the word was missing.

export interface MergeValues {
  firstname: string | null;
  lastname: string | null;
  email: string;
}

type Mode = "html" | "text";

// The fallback is plain words: no braces (where the field ends) and no angle brackets, so replacing a field never
// cuts a tag of the surrounding (sanitized) HTML in half.
const FIELD = /\{\{\s*([A-Za-z_]+)\s*(?:\|([^{}<>]*))?\}\}/g;

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The recipient's value of a field ("" when they have none), or undefined for a field that does not exist. */
function valueOf(name: string, values: MergeValues): string | undefined {
  switch (name.toLowerCase()) {
    case "firstname":
      return values.firstname?.trim() ?? "";
    case "lastname":
      return values.lastname?.trim() ?? "";
    case "email":
      return values.email.trim();
    default:
      return undefined;
  }
}

/**
 * The template with each field replaced. In HTML the fallback stays as the author wrote it (it is already part of
 * the sanitized HTML); the recipient's value is escaped.
 */
export function applyMergeFields(template: string, values: MergeValues, mode: Mode): string {
  return template.replace(FIELD, (_whole, name: string, fallback: string | undefined) => {
    const value = valueOf(name, values);
    if (value === undefined) return "";
    if (value) return mode === "html" ? escapeHtml(value) : value;
    return fallback?.trim() ?? "";
  });
}

/** For a header (the subject): a value with a line break must not start a new line. */
export function applyMergeFieldsToHeader(template: string, values: MergeValues): string {
  return applyMergeFields(template, values, "text").replace(/[\r\n]+/g, " ");
}
