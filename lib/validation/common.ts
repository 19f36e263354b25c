// Shapes shared by every domain: the spec's error bodies (section 2.9), ids, paging and text-field rules.
import { z } from "zod";

export const ErrorBody = z.object({ reason: z.string() }).meta({ id: "Error", description: "General error body." });

export const ValidationErrorBody = z
  .object({
    reason: z.string().meta({ description: "`<field>: <message>` of the first problem" }),
    code: z.literal("validation_error"),
    errors: z.record(z.string(), z.array(z.string())),
    form_errors: z.array(z.string()),
  })
  .meta({ id: "ValidationError", description: "400: missing or invalid fields." });

export const TokenExpiredBody = z
  .object({ error: z.literal("expired"), context: z.literal("user") })
  .meta({ id: "TokenExpired", description: "401: the access token has expired; refresh it." });

/** The answer of an operation that has nothing else to say (deleted, done, or nothing to do). */
export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: "Ok" });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text from a link or a page address can name anything (lists and members are found by uuid). */
export const isUuid = (text: string) => UUID.test(text);

const intIdError = { error: "must be an integer id" };
/** An integer id in a JSON body: a number, never coerced from a string, a boolean or null. */
export const IntId = z.number(intIdError).int(intIdError).positive(intIdError).max(2_147_483_647, intIdError);
/** An integer id in a path segment or a query string: decimal digits only. */
export const IntIdParam = z
  .string(intIdError)
  .regex(/^[0-9]{1,10}$/, intIdError)
  .transform(Number)
  .pipe(IntId);

/** A 36-character string id (company_id). */
export const CompanyId = z
  .string()
  .length(36, { error: "must be 36 characters" })
  .meta({ description: "36-character company id", example: "0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b" });

/** A text that must be given: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ error: "required" })
    .trim()
    .min(1, { error: "required" })
    .max(max, { error: `must be at most ${max} characters` });

/** An optional text field of an update: trimmed, at most `max` characters; empty or null clears it (null), left out leaves it. */
export const clearableText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** The highest page number any paginated endpoint accepts (beyond it an offset would overflow SQLite's integer). */
export const PAGE_MAX = 100_000;

/**
 * An integer in a query string: decimal digits only (no "", " 2", "0x10", "1e3"), within [min, max]. Query values
 * are text, so this parses rather than coerces; JSON bodies use plain z.number().
 */
export const queryInt = (min: number, max: number) =>
  z
    .string({ error: "must be an integer" })
    .regex(/^[0-9]{1,9}$/, { error: "must be an integer" })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );
