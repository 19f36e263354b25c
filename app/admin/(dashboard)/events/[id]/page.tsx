// /admin/events/[id]: one event of the caller's scope with its participants. Unknown or out-of-scope events (and
// callers without the event module) get the not-found page.
import { PageTitle } from "@/components/admin/ui/page-parts";
import { EventView } from "@/modules/events/components/event-view";
import { eventsMessages } from "@/modules/events/texts/events";
import { getEvent } from "@/modules/events/services/events";
import { IntIdParam } from "@/lib/validation/common";
import {
  createEventAction,
  deleteEventAction,
  registerParticipantAction,
  unregisterParticipantAction,
  updateEventAction,
} from "../actions";
import { readObjectPage } from "../../object-page";

export default async function EventPage({ params }: { params: Promise<{ id: string }> }) {
  const {
    caller,
    object: event,
    lang,
    canWrite,
    readOnlyText,
  } = await readObjectPage(params, IntIdParam, getEvent, "EVENT.U");
  const t = eventsMessages(lang);
  return (
    <>
      <PageTitle
        title={event.name}
        back={{ href: `/admin/events?company_id=${encodeURIComponent(event.company_id)}`, label: t.event.back }}
        readOnlyText={readOnlyText}
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
