// The states the hosted pages' server actions hand back to their forms.
export type SubscribeFormState =
  | { status: "idle" }
  | { status: "success"; email: string; pending: boolean }
  | {
      status: "error";
      problem: "fields" | "capReached" | "tooManyRequests" | "listGone" | "unexpected";
      /** The API's English messages per field. */
      fieldErrors: Record<string, string[]>;
      /** Stable keys per field, translated by lib/i18n/field-errors.ts. */
      issueKeys: Record<string, string[]>;
      /** What was typed and ticked, rendered back (without JavaScript the page is new: nothing else keeps it). */
      values: Record<string, string>;
      answered: number[];
      termsAccepted: boolean;
    };

export type UnsubscribeState = { status: "idle" | "done" | "invalidLink" | "tooManyRequests" | "unavailable" };
