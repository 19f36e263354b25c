"use client";
// Moving a participant to another activity of the association: a choice of its other activities and a button. The
// member is enrolled there (or waits there, when it is full) and leaves here.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { queryKeys } from "@/lib/query-keys";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { failureText } from "@/components/admin/action-errors";
import type { ActivitiesMessages } from "../texts/activities";
import type { ActivityActions, ActivityRow, ActivityWithParticipants } from "./types";

/** The dashboard's input look, sized to its options: it sits in a row beside its buttons. */
const selectClass =
  "max-w-64 rounded-md border border-slate-400 bg-white px-2 py-1 text-base text-slate-900 " +
  "focus:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700";

export function MoveParticipant({
  activity,
  member,
  t,
  move,
  onMoved,
}: {
  activity: ActivityWithParticipants;
  member: { id: number; name: string };
  t: ActivitiesMessages;
  move: ActivityActions["moveParticipant"];
  onMoved: (updated: ActivityWithParticipants) => void;
}) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState("");
  const siblings = useQuery({
    queryKey: queryKeys.activities.ofCompany(activity.company_id),
    queryFn: () =>
      fetchJson<ActivityRow[]>(`/admin/api/activities?company_id=${encodeURIComponent(activity.company_id)}`),
    enabled: open,
  });
  const others = (siblings.data ?? []).filter((a) => a.id !== activity.id);
  const save = useMutation({
    mutationFn: (to: ActivityRow) => unwrap(move({ id: activity.id, member_id: member.id, to_activity_id: to.id })),
    onSuccess: (result, to) => {
      const text = result.status_there === "WAITLIST" ? t.participants.movedToWaitlist : t.participants.moved;
      toast.success(fill(text, { name: member.name, activity: to.name }));
      setOpen(false);
      onMoved(result.activity);
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const id = `move-${member.id}`;
  if (!open) {
    return (
      <button
        type="button"
        className={`${secondaryButtonClass} px-3 py-1`}
        aria-label={fill(t.participants.moveMember, { name: member.name })}
        onClick={() => setOpen(true)}
      >
        {t.participants.move}
      </button>
    );
  }
  if (siblings.data && others.length === 0) {
    return <span className="text-sm text-slate-700">{t.participants.noOtherActivities}</span>;
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {fill(t.participants.moveTo, { name: member.name })}
      </label>
      <select id={id} className={selectClass} value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">{fill(t.participants.moveTo, { name: member.name })}</option>
        {others.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {a.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={`${secondaryButtonClass} px-3 py-1`}
        disabled={!target || save.isPending}
        onClick={() => {
          const to = others.find((a) => String(a.id) === target);
          if (to) save.mutate(to);
        }}
      >
        {t.participants.moveConfirm}
      </button>
      <button type="button" className={`${secondaryButtonClass} px-3 py-1`} onClick={() => setOpen(false)}>
        {t.common.cancel}
      </button>
    </span>
  );
}
