// What the hosted sign-up's server action hands back to its form.
export type SignupFormState =
  | { status: "idle" }
  | { status: "success"; email: string }
  | {
      status: "error";
      problem: "fields" | "tooManyRequests" | "activityGone" | "unexpected";
      /** The API's English messages per field. */
      fieldErrors: Record<string, string[]>;
      /** Stable keys per field, translated by lib/i18n/field-errors.ts. */
      issueKeys: Record<string, string[]>;
      /** What was typed, rendered back (without JavaScript the page is new: nothing else keeps it). */
      values: Record<string, string>;
      consent: boolean;
    };
