// /admin/users: the dashboard users inside the ADMIN's scope (ADMIN only; the others are told so).
import { NoAccess } from "@/components/admin/ui/page-parts";
import { UsersScreen } from "@/components/admin/access/users-screen";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accessMessages } from "@/lib/i18n/admin/access";
import { grantableBy } from "@/lib/services/api-keys";
import { createAdminUserAction, updateAdminUserAction } from "./actions";

export default async function UsersPage() {
  const caller = await requirePageCaller();
  const t = accessMessages(await adminLanguage());
  if (caller.role !== "ADMIN") return <NoAccess title={t.users.title} text={t.onlyAdmins} testId="only-admins" />;
  return (
    <UsersScreen
      grantable={grantableBy(caller)}
      currentUserId={caller.userId}
      actions={{ createAdminUser: createAdminUserAction, updateAdminUser: updateAdminUserAction }}
    />
  );
}
