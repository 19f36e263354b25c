"use client";
// What the access forms (new API key, new admin user, changed admin user) share: a field's problem in the staff
// member's language, the access-group editor's problems, and the cancel/submit row.
import { fieldErrorText } from "@/lib/i18n/field-errors";
import type { AccessMessages } from "@/lib/i18n/admin/access";
import { useLang } from "../i18n-context";
import { buttonClass, secondaryButtonClass } from "../ui/styles";
import { companyIdsText, type AccessFieldErrors } from "./access-group-fields";

type ErrorLike = { type?: unknown; message?: string } | undefined;

/** A field's problem as text: its stable key translated, else the message. */
export function useFieldText() {
  const lang = useLang();
  return (field: string, error: ErrorLike) =>
    error ? fieldErrorText(lang, field, typeof error.type === "string" ? error.type : undefined, error.message) : undefined;
}

export function accessErrors(
  m: AccessMessages,
  text: ReturnType<typeof useFieldText>,
  errors: { modules?: ErrorLike; permissions?: ErrorLike; company_ids?: ErrorLike; include_descendants?: ErrorLike } | undefined,
): AccessFieldErrors {
  return {
    modules: text("access.modules", errors?.modules),
    permissions: text("access.permissions", errors?.permissions),
    company_ids: companyIdsText(m, text("access.company_ids", errors?.company_ids), errors?.company_ids),
    include_descendants: text("access.include_descendants", errors?.include_descendants),
  };
}

export function FormActions({ cancel, submit, pending, onCancel }: { cancel: string; submit: string; pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        {cancel}
      </button>
      <button type="submit" className={buttonClass} disabled={pending}>
        {submit}
      </button>
    </div>
  );
}
