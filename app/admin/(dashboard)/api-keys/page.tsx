// /admin/api-keys: API keys of the companies in the ADMIN's scope (ADMIN only; the others are told so).
import { ApiKeysScreen } from "@/modules/access/components/api-keys-screen";
import { NoAccess } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accessMessages } from "@/modules/access/texts/access";
import { grantableBy } from "@/modules/access/services/api-keys";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export default async function ApiKeysPage() {
  const caller = await requirePageCaller();
  const t = accessMessages(await adminLanguage());
  if (caller.role !== "ADMIN") return <NoAccess title={t.keys.title} text={t.onlyAdmins} testId="only-admins" />;
  return (
    <ApiKeysScreen
      grantable={grantableBy(caller)}
      actions={{ createApiKey: createApiKeyAction, revokeApiKey: revokeApiKeyAction }}
    />
  );
}
