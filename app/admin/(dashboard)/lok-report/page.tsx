// /admin/lok-report: an association's LOK-stöd report per half-year, its downloads and thresholds.
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { requirePageCaller } from "@/lib/auth/session";
import { stockholmToday } from "@/lib/calendar";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { LokReportScreen, type HalfYear } from "@/modules/activities/components/lok-report-screen";
import { activityCompanyChoices } from "@/modules/activities/services/dashboard";
import { lokHalfYear } from "@/modules/activities/services/lok-rules";
import { lokScreenMessages } from "@/modules/activities/texts/lok-screen";
import { updateLokSettingsAction } from "../activities/actions";

/** How many half-years the picker offers, the current one first. */
const HALF_YEARS = 6;

/** The current half-year and the ones before it, newest first. */
function halfYearsUpTo(today: string): HalfYear[] {
  const list = [lokHalfYear(today)];
  while (list.length < HALF_YEARS) {
    const start = list.at(-1)!.from;
    const dayBefore = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    list.push(lokHalfYear(dayBefore));
  }
  return list;
}

export default async function LokReportPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[]; from?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const t = lokScreenMessages(await adminLanguage());
  if (!caller.modules.has("activity")) return <NoAccess title={t.title} text={t.noAccess} />;
  const companies = await activityCompanyChoices(caller);
  const asked = await searchParams;
  const today = stockholmToday();
  const halfYears = halfYearsUpTo(today);
  // Until the last half-year's report is due, that is the one being written; after it, the current one.
  const [current, last] = halfYears;
  const initialFrom =
    halfYears.find((h) => h.from === asked.from)?.from ?? (today <= last.due ? last.from : current.from);
  const initialCompanyId =
    companies.find((c) => c.company_id === asked.company_id)?.company_id ?? companies[0]?.company_id ?? "";
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <LokReportScreen
        companies={companies}
        initialCompanyId={initialCompanyId}
        halfYears={halfYears}
        initialFrom={initialFrom}
        canWrite={caller.permissions.has("ACTIVITY.U")}
        actions={{ updateLokSettings: updateLokSettingsAction }}
      />
    </>
  );
}
