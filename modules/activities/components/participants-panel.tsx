"use client";
// An activity's participants: enrolled, the waitlist in its order (the service gives a freed place to the first at
// once), and those who left; with ACTIVITY.U enroll a member found by a search of the member register (the member
// module too) or remove one. A full activity puts the new participant on the waitlist.
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { SearchField } from "@/components/ui/field";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { useSearchText } from "@/components/admin/ui/use-debounced";
import type { MemberPage } from "@/modules/members/schemas/member";
import { memberName } from "@/modules/members/texts/member-name";
import { activitiesMessages } from "../texts/activities";
import { MoveParticipant } from "./move-participant";
import type { ActivityActions, ActivityWithParticipants } from "./types";

type Participant = ActivityWithParticipants["participants"][number];

export function ParticipantsPanel({
  activity,
  canWrite,
  canFindMembers,
  actions,
  onChange,
  onAddLeader,
}: {
  activity: ActivityWithParticipants;
  canWrite: boolean;
  canFindMembers: boolean;
  actions: Pick<ActivityActions, "enrollParticipant" | "removeParticipant" | "moveParticipant">;
  onChange: (updated: ActivityWithParticipants) => void;
  /** Makes a member found by the search a leader of the activity. */
  onAddLeader: (member: { id: number; name: string }) => void;
}) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const { search, setSearch, q } = useSearchText();
  const found = useQuery({
    queryKey: queryKeys.activities.memberSearch(q),
    queryFn: () => fetchJson<z.infer<typeof MemberPage>>(`/admin/api/members?q=${encodeURIComponent(q)}&sort=name_asc`),
    enabled: canWrite && canFindMembers && q.length >= 2,
  });
  const name = (p: { firstname: string | null; lastname: string | null; member_id: number }) =>
    memberName(p, `${t.participants.erasedMember} #${p.member_id}`);
  const enroll = useMutation({
    mutationFn: (member: { id: number; name: string }) =>
      unwrap(actions.enrollParticipant({ id: activity.id, member_id: member.id })),
    onSuccess: (updated, member) => {
      onChange(updated);
      const status = updated.participants.find((p) => p.member_id === member.id)?.status;
      const text = status === "WAITLIST" ? t.participants.waitlistedToast : t.participants.enrolledToast;
      toast.success(fill(text, { name: member.name }));
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const remove = useMutation({
    mutationFn: (member: { id: number; name: string }) =>
      unwrap(actions.removeParticipant({ id: activity.id, member_id: member.id })),
    onSuccess: (updated, member) => {
      onChange(updated);
      toast.success(fill(t.participants.removed, { name: member.name }));
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const groups = Map.groupBy(activity.participants, (p) => p.status);
  const leaders = new Set(activity.leader_ids);
  const current = new Set(activity.participants.filter((p) => p.status !== "LEFT").map((p) => p.member_id));

  const section = (
    id: string,
    title: string,
    people: Participant[],
    since: (p: Participant) => string | null,
    options: { ordered?: boolean; removable?: boolean; help?: string } = {},
  ) => {
    const List = options.ordered ? "ol" : "ul";
    return (
      <div>
        <h3 id={`${id}-heading`} className="font-semibold">
          {title} ({people.length})
        </h3>
        {options.help && <p className="text-sm text-slate-700">{options.help}</p>}
        {people.length === 0 ? (
          <p className="text-slate-700">{t.participants.none}</p>
        ) : (
          <List className="divide-y divide-slate-200" aria-labelledby={`${id}-heading`} data-testid={id}>
            {people.map((p, index) => {
              const at = since(p);
              return (
                <li key={p.member_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    {options.ordered && (
                      <span className="mr-1 font-medium">{fill(t.participants.position, { n: index + 1 })}</span>
                    )}
                    {name(p)}
                    {p.birthdate && <span className="text-sm text-slate-700"> ({p.birthdate.slice(0, 4)})</span>}
                    {at && (
                      <span className="text-sm text-slate-700">
                        {" "}
                        {fill(t.participants.since, { date: formatDate(lang, "date", at) })}
                      </span>
                    )}
                  </span>
                  {canWrite && options.removable && (
                    <span className="flex flex-wrap items-center gap-2">
                      <MoveParticipant
                        activity={activity}
                        member={{ id: p.member_id, name: name(p) }}
                        t={t}
                        move={actions.moveParticipant}
                        onMoved={onChange}
                      />
                      <button
                        type="button"
                        className={`${secondaryButtonClass} px-3 py-1`}
                        aria-label={fill(t.participants.removeMember, { name: name(p) })}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate({ id: p.member_id, name: name(p) })}
                      >
                        {t.participants.remove}
                      </button>
                    </span>
                  )}
                </li>
              );
            })}
          </List>
        )}
      </div>
    );
  };

  return (
    <Panel id="participants" title={t.participants.title}>
      <p className="text-sm text-slate-700" role="status">
        {fill(t.participants.count, {
          enrolled: activity.enrolled_count,
          capacity: activity.capacity ?? t.list.unlimited,
          waiting: activity.waitlist_count,
        })}
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        {section("enrolled", t.participants.enrolled, groups.get("ENROLLED") ?? [], (p) => p.enrolled_at, {
          removable: true,
        })}
        {section("waitlist", t.participants.waitlist, groups.get("WAITLIST") ?? [], (p) => p.waitlisted_at, {
          ordered: true,
          removable: true,
          help: t.participants.waitlistHelp,
        })}
      </div>
      {section("left", t.participants.left, groups.get("LEFT") ?? [], (p) => p.left_at)}
      {canWrite && (
        <div className="border-t border-slate-200 pt-4">
          <h3 className="font-semibold">{t.participants.enrollTitle}</h3>
          {canFindMembers ? (
            <>
              <SearchField
                id="participant-search"
                label={t.participants.findMember}
                value={search}
                onSearch={setSearch}
                help={t.participants.findHelp}
                className="mt-2 max-w-md"
              />
              {q.length >= 2 && found.data && (
                <ul className="mt-2 divide-y divide-slate-200">
                  {found.data.members.length === 0 && (
                    <li className="py-2 text-slate-700">{t.participants.noMatches}</li>
                  )}
                  {found.data.members.slice(0, 10).map((m) => {
                    const shown = memberName(m, m.email ?? `#${m.id}`);
                    return (
                      <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span>
                          {shown} {m.email && <span className="text-sm text-slate-700">{m.email}</span>}
                        </span>
                        <span className="flex gap-2">
                          <button
                            type="button"
                            className={`${secondaryButtonClass} px-3 py-1`}
                            disabled={current.has(m.id) || enroll.isPending}
                            aria-label={fill(t.participants.enrollMember, { name: shown })}
                            onClick={() => enroll.mutate({ id: m.id, name: shown })}
                          >
                            {t.participants.enroll}
                          </button>
                          <button
                            type="button"
                            className={`${secondaryButtonClass} px-3 py-1`}
                            disabled={leaders.has(m.id)}
                            aria-label={fill(t.participants.makeLeaderMember, { name: shown })}
                            onClick={() => onAddLeader({ id: m.id, name: shown })}
                          >
                            {t.participants.makeLeader}
                          </button>
                        </span>
                      </li>
                    );
                  })}
                </ul>
              )}
            </>
          ) : (
            <p className="mt-2 text-slate-700">{t.participants.noMemberAccess}</p>
          )}
        </div>
      )}
    </Panel>
  );
}
