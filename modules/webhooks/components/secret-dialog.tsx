"use client";
// The one-time display of a webhook's signing secret (a new endpoint, or a new secret): it is stored encrypted and
// never shown again.
import { webhooksMessages } from "@/modules/webhooks/texts/webhooks";
import { useLang } from "@/components/admin/i18n-context";
import { OneTimeSecretDialog } from "@/components/admin/ui/one-time-secret-dialog";
import { SecretValue } from "@/components/admin/ui/secret-value";

export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const t = webhooksMessages(useLang()).secret;
  return (
    <OneTimeSecretDialog
      open={secret !== null}
      title={t.title}
      warning={t.warning}
      storedLabel={t.stored}
      onClose={onClose}
      testId="webhook-secret-dialog"
    >
      {secret && <SecretValue label={t.label} value={secret} testId="webhook-secret" />}
    </OneTimeSecretDialog>
  );
}
