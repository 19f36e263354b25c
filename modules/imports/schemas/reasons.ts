// Why an import row is a problem in the preview or is skipped by the run (docs/api.md "Import"): a stable code with its
// parameters, said once here. The API shows the English text rendered from it (the texts integrators saw before the
// codes existed) next to the code; the dashboard renders the code in the staff member's language
// (modules/imports/texts/imports.ts). A run stores the reason as JSON in ImportRow.reason. Imports nothing from the server.
import { z } from "zod";

const IMPORT_REASON_CODES = [
  "required",
  "invalid",
  "no_column",
  "duplicate_in_file",
  "opted_out",
  "left_list",
  "suppressed",
  "list_full",
  "already_subscribed",
  "nothing_to_fill",
] as const;
type ImportReasonCode = (typeof IMPORT_REASON_CODES)[number];

export const ImportReasonCodeSchema = z.enum(IMPORT_REASON_CODES).meta({
  id: "ImportReasonCode",
  description:
    "`required`: the field (email) is empty; `invalid`: the field breaks the member API's rule (`params.issue`); " +
    "`no_column`: the mapping names a header the file does not have (`params.header`); `duplicate_in_file`: an " +
    "earlier row has the same email (`params.first_row`); `opted_out`: the member opted out of all mail; `left_list`: " +
    "the member left the list themselves; `suppressed`: the address bounced or complained; `list_full`: the list's " +
    "capacity is reached; `already_subscribed`; `nothing_to_fill`: an existing member whose fields are all set.",
});

/** How an `invalid` field breaks the rule: longer than `max`, not an email address, not a date, a future date, other. */
const INVALID_ISSUES = [
  "too_long",
  "invalid_email",
  "invalid_date",
  "future_date",
  "control_characters",
  "other",
] as const;

export const ImportReasonParams = z
  .object({
    first_row: z
      .number()
      .int()
      .optional()
      .meta({ description: "`duplicate_in_file`: the row that has the email first." }),
    header: z.string().optional().meta({ description: "`no_column`: the header text the mapping names." }),
    issue: z.enum(INVALID_ISSUES).optional().meta({ description: "`invalid`: how the value breaks the rule." }),
    max: z
      .number()
      .int()
      .optional()
      .meta({ description: "`invalid` with `too_long`: the most characters the field takes." }),
  })
  .meta({ id: "ImportReasonParams", description: "The parameters of the code; only those that apply are present." });
type Params = z.output<typeof ImportReasonParams>;

/** A reason as the services pass it on and a run stores it; `detail` is the rule's own English text for `invalid`. */
const ImportReasonSchema = ImportReasonParams.extend({
  code: ImportReasonCodeSchema,
  field: z.string().optional(),
  detail: z.string().optional(),
});
export type ImportReason = z.output<typeof ImportReasonSchema>;

/** The codes about one field's value: their texts are prefixed with the field where no column says which. */
export const FIELD_REASONS: readonly ImportReasonCode[] = ["required", "invalid"];

const ENGLISH: Record<ImportReasonCode, (r: ImportReason) => string> = {
  required: () => "required",
  invalid: (r) => r.detail ?? "invalid",
  no_column: (r) => `no column named ${r.header}`,
  duplicate_in_file: (r) => `duplicate of row ${r.first_row} in the file`,
  opted_out: () => "opted out of all mail",
  left_list: () => "left the list themselves",
  suppressed: () => "the address is suppressed (bounces or complaints)",
  list_full: () => "the list is full",
  already_subscribed: () => "already subscribed",
  nothing_to_fill: () => "already a member; nothing to fill in",
};

/** The API's English text of a reason, without its field (a preview problem's `message`). */
export const reasonMessage = (reason: ImportReason) => ENGLISH[reason.code](reason);

/** The API's English text with the field in front for a field's value (`email: required`), as the result file has it. */
export const reasonText = (reason: ImportReason) =>
  FIELD_REASONS.includes(reason.code) && reason.field
    ? `${reason.field}: ${reasonMessage(reason)}`
    : reasonMessage(reason);

/** The parameters the API shows with the code. */
export function reasonParams(reason: ImportReason): Params {
  const { first_row, header, issue, max } = reason;
  return Object.fromEntries(
    Object.entries({ first_row, header, issue, max }).filter(([, value]) => value !== undefined),
  );
}

/** A stored reason back as a reason; null for an empty one or for the plain English text of a run made before codes. */
export function parseStoredReason(stored: string | null): ImportReason | null {
  if (!stored?.startsWith("{")) return null;
  try {
    const parsed = ImportReasonSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A reason as ImportRow.reason keeps it. */
export const storeReason = (reason: ImportReason) => JSON.stringify(reason);
