"use client";
// The event page: details, editing and deleting (EVENT.U), the participants, and registering members found by a
// search of the member register (it needs the member module too). A full event answers "event is full".
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ActionError, unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { eventsMessages } from "@/modules/events/texts/events";
import { fill } from "@/lib/i18n/fill";
import { queryKeys } from "@/lib/query-keys";
import { failureText } from "@/components/admin/action-errors";
import { EditAndRemove } from "@/components/admin/ui/confirm-button";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import type { z } from "zod";
import type { MemberPage } from "@/modules/members/schemas/member";
import { memberName } from "@/modules/members/texts/member-name";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { EventForm } from "./event-form";
import { type EventActions, type EventWithParticipants } from "./types";
import { formatWallClock } from "@/lib/i18n/formats";
import { SearchField } from "@/components/ui/field";
import { useSearchText } from "@/components/admin/ui/use-debounced";

export function EventView({
  initial,
  canWrite,
  canFindMembers,
  actions,
}: {
  initial: EventWithParticipants;
  canWrite: boolean;
  canFindMembers: boolean;
  actions: EventActions;
}) {
  const lang = useLang();
  const t = eventsMessages(lang);
  const router = useRouter();
  const [event, setEvent] = useState(initial);
  const [editing, setEditing] = useState(false);
  const { search, setSearch, q } = useSearchText();
  const found = useQuery({
    queryKey: queryKeys.events.memberSearch(q),
    queryFn: () => fetchJson<z.infer<typeof MemberPage>>(`/admin/api/members?q=${encodeURIComponent(q)}&sort=name_asc`),
    enabled: canWrite && canFindMembers && q.length >= 2,
  });
  const registered = new Set(event.participants.map((p) => p.member_id));
  const fail = (error: unknown) => {
    const full = error instanceof ActionError && error.result.status === 409;
    toast.error(full ? t.event.full : failureText(t.common, error));
  };
  const participantChange = (change: EventActions["registerParticipant"], done: string) => ({
    mutationFn: (member: { id: number; name: string }) => unwrap(change({ id: event.id, member_id: member.id })),
    onSuccess: (updated: EventWithParticipants, member: { id: number; name: string }) => {
      setEvent(updated);
      toast.success(fill(done, { name: member.name }));
    },
    onError: fail,
  });
  const register = useMutation(participantChange(actions.registerParticipant, t.event.registered));
  const unregister = useMutation(participantChange(actions.unregisterParticipant, t.event.unregistered));
  const remove = useMutation({
    mutationFn: () => unwrap(actions.deleteEvent({ id: event.id })),
    onSuccess: () => {
      toast.success(t.event.deleted);
      router.push(`/admin/events?company_id=${encodeURIComponent(event.company_id)}`);
    },
    onError: fail,
  });

  if (editing) {
    return (
      <Panel id="edit-event" title={fill(t.form.editTitle, { name: event.name })}>
        <EventForm
          event={event}
          companyId={event.company_id}
          actions={actions}
          onDone={(saved) => {
            if (saved) setEvent({ ...event, ...saved });
            setEditing(false);
            router.refresh();
          }}
        />
      </Panel>
    );
  }

  const participantName = (p: EventWithParticipants["participants"][number]) =>
    memberName(p, p.email ?? t.event.erasedMember);
  return (
    <div className="space-y-6">
      {canWrite && (
        <EditAndRemove
          editLabel={t.event.edit}
          onEdit={() => setEditing(true)}
          remove={{
            label: t.event.delete,
            title: fill(t.event.deleteTitle, { name: event.name }),
            body: t.event.deleteBody,
            confirmLabel: t.event.deleteConfirm,
            cancelLabel: t.common.cancel,
            disabled: remove.isPending,
            onConfirm: () => remove.mutate(),
          }}
        />
      )}
      <Panel id="event-details" title={t.event.details}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-700">{t.event.when}</dt>
          <dd>
            {formatWallClock(lang, event.starts_at)} – {formatWallClock(lang, event.ends_at)} ({event.time_zone})
          </dd>
          <dt className="font-medium text-slate-700">{t.form.location}</dt>
          <dd>{event.location ?? t.common.none}</dd>
          <dt className="font-medium text-slate-700">{t.form.capacity}</dt>
          <dd>{event.capacity ?? t.list.unlimited}</dd>
          <dt className="font-medium text-slate-700">{t.form.description}</dt>
          <dd className="whitespace-pre-line">{event.description ?? t.common.none}</dd>
        </dl>
      </Panel>

      <Panel id="participants" title={t.event.participants}>
        <p className="mb-3 text-sm text-slate-700" role="status">
          {fill(t.event.participantCount, {
            count: event.participant_count,
            capacity: event.capacity ?? t.list.unlimited,
          })}
        </p>
        {event.participants.length === 0 ? (
          <p className="text-slate-700">{t.event.noParticipants}</p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-labelledby="participants-heading">
            {event.participants.map((p) => (
              <li key={p.member_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  {participantName(p)}{" "}
                  {p.email && p.firstname ? <span className="text-sm text-slate-700">{p.email}</span> : null}
                </span>
                {canWrite && (
                  <button
                    type="button"
                    className={`${secondaryButtonClass} px-3 py-1`}
                    aria-label={fill(t.event.unregisterMember, { name: participantName(p) })}
                    onClick={() => unregister.mutate({ id: p.member_id, name: participantName(p) })}
                  >
                    {t.event.unregister}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canWrite && (
          <div className="mt-4 border-t border-slate-200 pt-4">
            <h3 className="font-semibold">{t.event.register}</h3>
            {canFindMembers ? (
              <>
                <SearchField
                  id="participant-search"
                  label={t.event.findMember}
                  value={search}
                  onSearch={setSearch}
                  help={t.event.findHelp}
                  className="mt-2 max-w-md"
                />
                {q.length >= 2 && found.data && (
                  <ul className="mt-2 divide-y divide-slate-200">
                    {found.data.members.length === 0 && <li className="py-2 text-slate-700">{t.event.noMatches}</li>}
                    {found.data.members.slice(0, 10).map((m) => {
                      const name = memberName(m, m.email ?? `#${m.id}`);
                      return (
                        <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                          <span>
                            {name} {m.email && <span className="text-sm text-slate-700">{m.email}</span>}
                          </span>
                          <button
                            type="button"
                            className={`${secondaryButtonClass} px-3 py-1`}
                            disabled={registered.has(m.id) || register.isPending}
                            aria-label={fill(t.event.registerMember, { name })}
                            onClick={() => register.mutate({ id: m.id, name })}
                          >
                            {t.event.registerButton}
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </>
            ) : (
              <p className="mt-2 text-slate-700">{t.event.noMemberAccess}</p>
            )}
          </div>
        )}
      </Panel>
    </div>
  );
}
