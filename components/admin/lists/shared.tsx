"use client";
// Small pieces the list screens share: a debounced value, translated failure texts, a copy button and the scrollable
// table frame (the data shapes and action props are in types.ts).
import { useEffect, useState } from "react";
import { toast } from "sonner";
import type { ListsMessages } from "@/lib/i18n/admin/lists";
import { secondaryButtonClass } from "../styles";
import { failureText as sharedFailureText } from "../action-errors";

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** What a failed action or read means to the person, in their language (never the API's English reason). */
export function failureText(t: ListsMessages["common"], error: unknown): string {
  return sharedFailureText({ ...t, invalid: t.fixFields, unexpected: t.failed }, error);
}

export function CopyButton({ text, label, done, failed }: { text: string; label: string; done: string; failed: string }) {
  return (
    <button
      type="button"
      className={secondaryButtonClass}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => toast.success(done),
          () => toast.error(failed),
        );
      }}
    >
      {label}
    </button>
  );
}

export function numberFormat(lang: string) {
  return new Intl.NumberFormat(lang === "en" ? "en-GB" : "sv-SE");
}

export function dateTimeFormat(lang: string) {
  return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "sv-SE", { dateStyle: "medium", timeStyle: "short" });
}

/** A form control's id, translated error and the aria attributes tying them together. */
export interface FieldControl {
  id: string;
  error: string | undefined;
  inputProps: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
}

export function FieldError({ field }: { field: FieldControl }) {
  return field.error ? (
    <p id={`${field.id}-error`} className="mt-1 text-sm text-red-800">
      {field.error}
    </p>
  ) : null;
}
