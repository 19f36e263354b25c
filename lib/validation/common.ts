// Shapes shared by every endpoint: the spec's error bodies (section 2.9).
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

/** A 36-character string id (company_id). */
export const CompanyId = z
  .string()
  .length(36, { error: "must be 36 characters" })
  .meta({ description: "36-character company id", example: "0b6f2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b" });

/** An optional text field of an update: trimmed, at most `max` characters; empty or null clears it (null), left out leaves it. */
export const clearableText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();
