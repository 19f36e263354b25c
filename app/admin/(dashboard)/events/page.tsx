// /admin/events: the events of one association in the caller's scope.
import { NoAccess, PageTitle } from "@/components/admin/ui/page-parts";
import { EventsScreen } from "@/modules/events/components/events-screen";
import { requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { eventsMessages } from "@/modules/events/texts/events";
import { listEventsInScope } from "@/modules/events/services/events";
import { eventCompanyChoices } from "@/modules/members/services/dashboard";
import { createEventAction, updateEventAction } from "./actions";

export default async function EventsPage({
  searchParams,
}: {
  searchParams: Promise<{ company_id?: string | string[] }>;
}) {
  const caller = await requirePageCaller();
  const t = eventsMessages(await adminLanguage()).list;
  if (!caller.modules.has("event")) {
    return <NoAccess title={t.title} text={t.noAccess} />;
  }
  const [companies, [latest]] = await Promise.all([eventCompanyChoices(caller), listEventsInScope(caller, 1)]);
  const asked = (await searchParams).company_id;
  // The association in the address if it is one of the caller's; else the one with the latest event in the caller's
  // scope (a federation's events, not the alphabetically first club's empty page); else the first one.
  const pick = (id: string | undefined) => companies.find((c) => c.company_id === id)?.company_id;
  const initial =
    pick(typeof asked === "string" ? asked : undefined) ?? pick(latest?.company_id) ?? companies[0]?.company_id ?? "";
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} />
      <EventsScreen
        companies={companies}
        initialCompanyId={initial}
        canWrite={caller.permissions.has("EVENT.U")}
        actions={{ createEvent: createEventAction, updateEvent: updateEventAction }}
      />
    </>
  );
}
