// Validation problems as stable keys with their parameters, so forms translate them without reading English texts.
// The API keeps the English messages; forms (server action results and client-side checks) use these keys.
import type { z } from "zod";

/** A key such as "required", "invalid_email", "too_long:128" (the maximum after the colon). */
export type IssueKey = string;

export function issueKey(issue: z.core.$ZodIssue): IssueKey {
  const input = (issue as { input?: unknown }).input;
  if (input === undefined || input === null || input === "") return "required";
  switch (issue.code) {
    case "invalid_format":
      return issue.format === "email" ? "invalid_email" : issue.format === "url" ? "invalid_url" : "invalid";
    case "too_big":
      return typeof input === "string" ? `too_long:${issue.maximum}` : `too_big:${issue.maximum}`;
    case "too_small":
      if (typeof input === "string") return Number(issue.minimum) <= 1 ? "required" : `too_short:${issue.minimum}`;
      return Array.isArray(input) ? `too_few:${issue.minimum}` : `too_small:${issue.minimum}`;
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
