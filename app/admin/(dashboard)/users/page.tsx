// /admin/users: the dashboard users inside the ADMIN's scope (ADMIN only; the others are told so).
import { OnlyAdmins } from "@/components/admin/access/only-admins";
import { UsersScreen } from "@/components/admin/access/users-screen";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accessMessages } from "@/lib/i18n/admin/access";
import { grantableBy } from "@/lib/services/api-keys";
import { createAdminUserAction, updateAdminUserAction } from "./actions";

export default async function UsersPage() {
  const caller = await requirePageCaller();
  const t = accessMessages(await adminLanguage());
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t.users.title}</h1>
      {caller.role === "ADMIN" ? (
        <UsersScreen
          grantable={grantableBy(caller)}
          currentUserId={caller.userId}
          actions={{ createAdminUser: createAdminUserAction, updateAdminUser: updateAdminUserAction }}
        />
      ) : (
        <OnlyAdmins text={t.onlyAdmins} />
      )}
    </>
  );
}
