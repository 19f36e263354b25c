// zod issues -> the ValidationError `errors` map: field path -> messages (the root is reported as "body").
import type { z } from "zod";
import type { FieldErrors } from "../errors";

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}
