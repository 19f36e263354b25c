// /admin/users: the dashboard users inside the ADMIN's scope (ADMIN only; the others are told so).
import Link from "next/link";
import { NoAccess } from "@/components/admin/ui/page-parts";
import { UsersScreen } from "@/modules/access/components/users-screen";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { accessMessages } from "@/modules/access/texts/access";
import { grantableBy } from "@/modules/access/services/api-keys";
import { leaderMessages } from "@/modules/activities/texts/leader";
import { createAdminUserAction, updateAdminUserAction } from "./actions";

export default async function UsersPage() {
  const caller = await requirePageCaller();
  const lang = await adminLanguage();
  const t = accessMessages(lang);
  if (caller.role !== "ADMIN") return <NoAccess title={t.users.title} text={t.onlyAdmins} testId="only-admins" />;
  return (
    <>
      <UsersScreen
        grantable={grantableBy(caller)}
        currentUserId={caller.userId}
        actions={{ createAdminUser: createAdminUserAction, updateAdminUser: updateAdminUserAction }}
      />
      {caller.modules.has("activity") && (
        <p className="mt-6">
          {/* Leaders get their accounts by invitation, never through the user form. */}
          <Link href="/admin/users/leaders" className="font-medium text-blue-800 underline hover:text-blue-900">
            {leaderMessages(lang).invite.open}
          </Link>
        </p>
      )}
    </>
  );
}
