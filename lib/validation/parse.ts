// Parsing input with a shared schema, at every edge (route wrapper, server actions, CLI): a failure is the same 400
// ValidationFailed the API answers. Besides the schema, two rules hold for every input:
// - nesting deeper than MAX_INPUT_DEPTH is refused before the schema sees it (deep values overflow the stack in
//   validation and serialization);
// - no text may hold a NUL character (PostgreSQL cannot store one; SQLite would, and the two must agree).
import type { z } from "zod";
import { ValidationFailed, type FieldErrors } from "../errors";
import { fieldIssueKeys } from "./issues";

export const MAX_INPUT_DEPTH = 32;

function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  refuseDeepNesting(value);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const failure = new ValidationFailed(zodFieldErrors(parsed.error));
    failure.issueKeys = fieldIssueKeys(parsed.error);
    throw failure;
  }
  refuseNulCharacters(parsed.data);
  return parsed.data;
}

type Visit = { value: unknown; path: string; depth: number };

/** Walks arrays and plain objects without recursion, calling `check` on every value with its field path. */
function walk(root: unknown, check: (visit: Visit) => void): void {
  const stack: Visit[] = [{ value: root, path: "", depth: 0 }];
  while (stack.length) {
    const visit = stack.pop()!;
    check(visit);
    const { value, path, depth } = visit;
    if (typeof value !== "object" || value === null) continue;
    const entries = Array.isArray(value)
      ? value.entries()
      : Object.getPrototypeOf(value) === Object.prototype
        ? Object.entries(value)
        : [];
    for (const [key, child] of entries)
      stack.push({ value: child, path: path ? `${path}.${key}` : String(key), depth: depth + 1 });
  }
}

const topField = (path: string) => path.split(".")[0] || "body";

function refuseDeepNesting(value: unknown): void {
  walk(value, ({ path, depth }) => {
    if (depth > MAX_INPUT_DEPTH)
      throw new ValidationFailed({ [topField(path)]: [`must not be nested deeper than ${MAX_INPUT_DEPTH} levels`] });
  });
}

function refuseNulCharacters(value: unknown): void {
  walk(value, ({ value: v, path }) => {
    if (typeof v === "string" && v.includes("\u0000"))
      throw new ValidationFailed({ [path || "body"]: ["must not contain NUL characters"] });
    if (typeof v === "object" && v !== null && !Array.isArray(v)) {
      const key = Object.keys(v).find((k) => k.includes("\u0000"));
      if (key !== undefined) throw new ValidationFailed({ [path || "body"]: ["must not contain NUL characters"] });
    }
  });
}
