"use client";
// The one-time display of a webhook's signing secret (new endpoint, or a new secret): it is stored encrypted and never
// shown again, so neither a click outside nor Escape closes the dialog; only saying it is stored does.
import { webhooksMessages } from "@/lib/i18n/admin/webhooks";
import { useLang } from "../i18n-context";
import { Modal } from "../ui/modal";
import { SecretValue } from "../ui/secret-value";
import { buttonClass } from "../ui/styles";

export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = webhooksMessages(useLang()).secret;
  return (
    <Modal
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t.title}
      dismissible={false}
      wide
      testId="webhook-secret-dialog"
      description={
        <p role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950">
          {t.warning}
        </p>
      }
    >
      {secret && (
        <div className="space-y-4">
          <SecretValue label={t.label} value={secret} testId="webhook-secret" />
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
