// What every server action returns: the data, or the spec's error outcome shaped for a form (field errors by field).
// Imports nothing from the server at run time (only the errors' type), so client components read results with the
// same type.
import type { FieldErrors } from "../errors";

export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      reason: string;
      /** The API's English messages per field. */
      fieldErrors: FieldErrors;
      /** Stable keys per field for translation (lib/validation/issues.ts); fields from business rules have none. */
      issueKeys: Record<string, string[]>;
      formErrors: string[];
    };

/** For TanStack Query's mutationFn: the data, or a thrown ActionError that onError and the form can read. */
export async function unwrap<T>(result: Promise<ActionResult<T>>): Promise<T> {
  const settled = await result;
  if (settled.ok) return settled.data;
  throw new ActionError(settled);
}

export class ActionError extends Error {
  constructor(readonly result: Extract<ActionResult<never>, { ok: false }>) {
    super(result.reason);
    this.name = "ActionError";
  }
}
