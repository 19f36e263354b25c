// /admin/members: the member search over the members in the caller's scope.
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { MembersScreen } from "@/modules/members/components/members-screen";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { membersMessages } from "@/modules/members/texts/members";
import { memberScreenOptions } from "@/modules/members/services/dashboard";
import { addMembersToListAction } from "./actions";

export default async function MembersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const caller = await requirePageCaller();
  const t = membersMessages(await adminLanguage()).search;
  if (!caller.modules.has("member")) {
    return <NoAccess title={t.title} text={t.noAccess} />;
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === "string") params.set(key, value);
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <MembersScreen
        options={await memberScreenOptions(caller)}
        initialQuery={params.toString()}
        canWrite={caller.permissions.has("MEMBER.U")}
        addToList={
          caller.modules.has("subscription_list") && caller.permissions.has("SUBSCRIPTION_LIST.U")
            ? addMembersToListAction
            : null
        }
      />
    </>
  );
}
