"use client";
// A value shown once (an API key's secret, a webhook's signing secret): selectable text with a copy button.
import { toast } from "sonner";
import { adminCommon } from "@/lib/i18n/admin/common";
import { useLang } from "../i18n-context";
import { secondaryButtonClass } from "./styles";

export function SecretValue({
  label,
  value,
  testId,
  hideLabel = false,
}: {
  label: string;
  value: string;
  testId: string;
  hideLabel?: boolean;
}) {
  const t = adminCommon[useLang()].copy;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t.copied(label));
    } catch {
      toast.error(t.copyFailed);
    }
  };
  return (
    <div>
      {!hideLabel && <p className="font-medium">{label}</p>}
      <div className="mt-1 flex items-start gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 select-all break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
        >
          {value}
        </code>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={t.copyLabel(label)}
          onClick={() => void copy()}
        >
          {t.copy}
        </button>
      </div>
    </div>
  );
}
