// /admin/events/[id]: one event of the caller's scope with its participants. Unknown or out-of-scope events (and
// callers without the event module) get the not-found page.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { notFound } from "next/navigation";
import { EventView } from "@/components/admin/events/event-view";
import { readOrNotFound, requirePageCaller } from "@/lib/auth/session";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { eventsMessages } from "@/lib/i18n/admin/events";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { getEvent } from "@/lib/services/events";
import { IntIdParam } from "@/lib/validation/subscription";
import { createEventAction, deleteEventAction, registerParticipantAction, unregisterParticipantAction, updateEventAction } from "../actions";

export default async function EventPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageCaller();
  const parsed = IntIdParam.safeParse((await params).id);
  if (!parsed.success) notFound();
  const id = parsed.data;
  const event = await readOrNotFound(() => getEvent(caller, id));
  const lang = await adminLanguage();
  const t = eventsMessages(lang);
  const canWrite = caller.permissions.has("EVENT.U");
  return (
    <>
      <PageTitle
        title={event.name}
        back={{ href: `/admin/events?company_id=${encodeURIComponent(event.company_id)}`, label: t.event.back }}
        readOnlyText={canWrite ? undefined : shellMessages(lang).readOnly}
      />
      <EventView
        initial={event}
        canWrite={canWrite}
        canFindMembers={caller.modules.has("member")}
        actions={{
          createEvent: createEventAction,
          updateEvent: updateEventAction,
          deleteEvent: deleteEventAction,
          registerParticipant: registerParticipantAction,
          unregisterParticipant: unregisterParticipantAction,
        }}
      />
    </>
  );
}
