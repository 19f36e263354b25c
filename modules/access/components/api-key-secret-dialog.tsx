"use client";
// The one-time display of a new API key's secret (the only moment it exists outside its hash), with copy buttons.
import { accessMessages } from "@/modules/access/texts/access";
import { useLang } from "@/components/admin/i18n-context";
import { OneTimeSecretDialog } from "@/components/admin/ui/one-time-secret-dialog";
import { SecretValue } from "@/components/admin/ui/secret-value";
import type { CreatedApiKey } from "./types";

export function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const t = accessMessages(useLang()).keys;
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const curl = created
    ? `curl -X POST -u '${created.client_id}:${created.client_secret}' ${origin}/v3/access/user/basic`
    : "";
  return (
    <OneTimeSecretDialog
      open={created !== null}
      title={t.secretTitle}
      warning={t.secretWarning}
      storedLabel={t.stored}
      onClose={onClose}
      testId="secret-dialog"
    >
      {created && (
        <>
          <SecretValue label={t.clientId} value={created.client_id} testId="secret-client-id" />
          <SecretValue label={t.clientSecret} value={created.client_secret} testId="client-secret" />
          <div>
            <p className="text-sm text-slate-700">{t.curlHint}</p>
            <SecretValue label="curl" value={curl} testId="curl-hint" hideLabel />
          </div>
        </>
      )}
    </OneTimeSecretDialog>
  );
}
