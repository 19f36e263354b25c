"use client";
// The one-time display of a new API key's secret (the only moment it exists outside its hash), with copy buttons.
import { toast } from "sonner";
import { accessMessages } from "@/lib/i18n/admin/access";
import { useLang } from "../i18n-context";
import { buttonClass, secondaryButtonClass } from "../ui/styles";
import { Modal } from "../ui/modal";
import type { CreatedApiKey } from "./types";

export function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const t = accessMessages(useLang()).keys;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const curl = created ? `curl -X POST -u '${created.client_id}:${created.client_secret}' ${origin}/v3/access/user/basic` : "";
  return (
    <Modal
      open={created !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.secretTitle}
      dismissible={false}
      wide
      testId="secret-dialog"
      description={
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950">
          {t.secretWarning}
        </p>
      }
    >
      {created && (
        <div className="space-y-4">
          <SecretValue label={t.clientId} value={created.client_id} testId="secret-client-id" />
          <SecretValue label={t.clientSecret} value={created.client_secret} testId="client-secret" />
          <div>
            <p className="text-sm text-slate-700">{t.curlHint}</p>
            <SecretValue label="curl" value={curl} testId="curl-hint" hideLabel />
          </div>
          <div className="flex justify-end border-t border-slate-200 pt-4">
            <button type="button" className={buttonClass} onClick={onClose}>
              {t.stored}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function SecretValue({ label, value, testId, hideLabel = false }: { label: string; value: string; testId: string; hideLabel?: boolean }) {
  const t = accessMessages(useLang()).keys;
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
        <code data-testid={testId} className="min-w-0 flex-1 select-all break-all rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm">
          {value}
        </code>
        <button type="button" className={secondaryButtonClass} aria-label={t.copyLabel(label)} onClick={() => void copy()}>
          {t.copy}
        </button>
      </div>
    </div>
  );
}
