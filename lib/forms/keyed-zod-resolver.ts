// react-hook-form resolver over a shared zod schema that reports each field's problem as a stable key
// (lib/validation/issues.ts) in `type`, so the form translates it; `message` keeps the English text.
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { issueKey } from "../validation/issues";

export function keyedZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const parsed = await schema.safeParseAsync(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".") || "root";
      errors[path] ??= { type: issueKey(issue), message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
