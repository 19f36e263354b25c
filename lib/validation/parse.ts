// Parsing input with a shared schema outside the HTTP wrapper (CLI, server actions): a failure is the same 400
// ValidationFailed the API answers.
import type { z } from "zod";
import { ValidationFailed, type FieldErrors } from "../errors";
import { fieldIssueKeys } from "./issues";

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const failure = new ValidationFailed(zodFieldErrors(parsed.error));
  failure.issueKeys = fieldIssueKeys(parsed.error);
  throw failure;
}
