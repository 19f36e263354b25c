// Validation problems as stable keys with their parameters, so forms translate them without reading English texts.
// The API keeps the English messages; forms (server action results and client-side checks) use these keys.
// zod 4 leaves the input out of issues, so the key comes from the issue's code, origin and bounds alone.
import type { z } from "zod";

/** A key such as "required", "invalid_email", "too_long:128" (the bound after the colon). */
export type IssueKey = string;

export function issueKey(issue: z.core.$ZodIssue): IssueKey {
  switch (issue.code) {
    case "invalid_type":
      // A form sends strings, booleans and arrays of them; a wrong type there means the field was left out.
      return "required";
    case "invalid_format":
      return issue.format === "email" ? "invalid_email" : issue.format === "url" ? "invalid_url" : "invalid";
    case "too_big":
      if (issue.origin === "string") return `too_long:${issue.maximum}`;
      return issue.origin === "array" ? `too_many:${issue.maximum}` : `too_big:${issue.maximum}`;
    case "too_small":
      // An exact length is an id from a picker (a company_id): too short means none was picked.
      if (issue.origin === "string")
        return Number(issue.minimum) <= 1 || issue.exact ? "required" : `too_short:${issue.minimum}`;
      return issue.origin === "array" ? `too_few:${issue.minimum}` : `too_small:${issue.minimum}`;
    case "custom":
      // A refinement that names its own key (lib/validation/text.ts); other refinements are plain "invalid".
      return typeof issue.params?.key === "string" ? issue.params.key : "invalid";
    default:
      return "invalid";
  }
}

export function fieldIssueKeys(error: z.ZodError): Record<string, IssueKey[]> {
  const keys: Record<string, IssueKey[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (keys[field] ??= []).push(issueKey(issue));
  }
  return keys;
}
