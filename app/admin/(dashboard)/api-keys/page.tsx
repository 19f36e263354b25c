// /admin/api-keys: API keys of the companies in the ADMIN's scope (ADMIN only; the others are told so).
import { ApiKeysScreen } from "@/components/admin/access/api-keys-screen";
import { OnlyAdmins } from "@/components/admin/access/only-admins";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accessMessages } from "@/lib/i18n/admin/access";
import { grantableBy } from "@/lib/services/api-keys";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export default async function ApiKeysPage() {
  const caller = await requirePageCaller();
  const t = accessMessages(await adminLanguage());
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t.keys.title}</h1>
      {caller.role === "ADMIN" ? (
        <ApiKeysScreen grantable={grantableBy(caller)} actions={{ createApiKey: createApiKeyAction, revokeApiKey: revokeApiKeyAction }} />
      ) : (
        <OnlyAdmins text={t.onlyAdmins} />
      )}
    </>
  );
}
