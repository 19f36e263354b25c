"use client";
// The one-time display of a new API key's secret (the only moment it exists outside its hash), with copy buttons.
import { accessMessages } from "@/lib/i18n/admin/access";
import { useLang } from "../i18n-context";
import { SecretValue } from "../ui/secret-value";
import { buttonClass } from "../ui/styles";
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
