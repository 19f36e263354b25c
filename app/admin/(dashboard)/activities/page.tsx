// /admin/activities: the activities of one association in the caller's scope.
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { ActivitiesScreen } from "@/modules/activities/components/activities-screen";
import { activitiesMessages } from "@/modules/activities/texts/activities";
import { activityCompanyChoices } from "@/modules/activities/services/dashboard";
import { createActivityAction, updateActivityAction } from "./actions";

export default async function ActivitiesPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const t = activitiesMessages(await adminLanguage()).list;
  if (!caller.modules.has("activity")) {
    return <NoAccess title={t.title} text={t.noAccess} />;
  }
  const companies = await activityCompanyChoices(caller);
  const asked = (await searchParams).company_id;
  const initial =
    companies.find((c) => c.company_id === (typeof asked === "string" ? asked : undefined))?.company_id ??
    companies[0]?.company_id ??
    "";
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <ActivitiesScreen
        companies={companies}
        initialCompanyId={initial}
        canWrite={caller.permissions.has("ACTIVITY.U")}
        actions={{ createActivity: createActivityAction, updateActivity: updateActivityAction }}
      />
    </>
  );
}
