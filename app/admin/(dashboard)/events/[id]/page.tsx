// /admin/events/[id]: one event of the caller's scope with its participants. Unknown or out-of-scope events (and
// callers without the event module) get the not-found page.
import Link from "next/link";
import { notFound } from "next/navigation";
import { EventView } from "@/components/admin/events/event-view";
import { requirePageCaller } from "@/lib/auth/session";
import { Forbidden, NotFound } from "@/lib/errors";
import { adminLanguage } from "@/lib/i18n/admin-language";
import { eventsMessages } from "@/lib/i18n/admin/events";
import { shellMessages } from "@/lib/i18n/admin/shell";
import { getEvent } from "@/lib/services/events";
import { IntId } from "@/lib/validation/subscription";
import { createEventAction, deleteEventAction, registerParticipantAction, unregisterParticipantAction, updateEventAction } from "../actions";

async function eventOrNull(...args: Parameters<typeof getEvent>) {
  try {
    return await getEvent(...args);
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) return null;
    throw error;
  }
}

export default async function EventPage({ params }: { params: Promise<{ id: string }> }) {
  const caller = await requirePageCaller();
  const id = IntId.safeParse((await params).id);
  const event = id.success ? await eventOrNull(caller, id.data) : null;
  if (!event) notFound();
  const lang = await adminLanguage();
  const t = eventsMessages(lang);
  const canWrite = caller.permissions.has("EVENT.U");
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href={`/admin/events?company_id=${encodeURIComponent(event.company_id)}`} className="text-blue-800 underline hover:text-blue-950">
          <span aria-hidden="true">← </span>
          {t.event.back}
        </Link>
      </p>
      <h1 className="mb-6 text-2xl font-semibold">{event.name}</h1>
      {!canWrite && (
        <p role="note" className="mb-6 rounded-md border border-slate-400 bg-slate-100 p-3 text-slate-900" data-testid="read-only">
          {shellMessages(lang).readOnly}
        </p>
      )}
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
