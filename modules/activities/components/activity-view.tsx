"use client";
// The activity page: a toolbar of actions (editing and deleting with ACTIVITY.U, and whatever the page adds beside
// them), the details with the schedule in words and the leaders, the occasions and the participants.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ActionError, unwrap } from "@/lib/actions/result";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { failureText } from "@/components/admin/action-errors";
import { EditAndRemove } from "@/components/admin/ui/confirm-button";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { memberName } from "@/modules/members/texts/member-name";
import { activitiesMessages } from "../texts/activities";
import { ActivityForm } from "./activity-form";
import { OccasionsPanel } from "./occasions-panel";
import { ParticipantsPanel } from "./participants-panel";
import { ruleTexts } from "./schedule-text";
import type { ActivityActions, ActivityWithParticipants } from "./types";

export function ActivityView({
  initial,
  canWrite,
  canFindMembers,
  actions,
  headerActions,
  signupUrl,
}: {
  initial: ActivityWithParticipants;
  canWrite: boolean;
  canFindMembers: boolean;
  actions: ActivityActions;
  /** More actions on the activity (copying it to the next term, a message to guardians), beside editing. */
  headerActions?: ReactNode;
  /** The hosted sign-up page, when the activity is open for sign-up. */
  signupUrl: string | null;
}) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const router = useRouter();
  const [activity, setActivity] = useState(initial);
  const [editing, setEditing] = useState(false);
  const remove = useMutation({
    mutationFn: () => unwrap(actions.deleteActivity({ id: activity.id })),
    onSuccess: () => {
      toast.success(t.activity.deleted);
      router.push(`/admin/activities?company_id=${encodeURIComponent(activity.company_id)}`);
    },
    onError: (error) =>
      toast.error(
        error instanceof ActionError && error.result.status === 409
          ? t.activity.hasAttendance
          : failureText(t.common, error),
      ),
  });

  const leaders = useMutation({
    mutationFn: ({ ids }: { ids: number[]; done: string }) =>
      unwrap(actions.updateActivity({ id: activity.id, activity: { leader_ids: ids } })),
    onSuccess: (updated, { done }) => {
      setActivity(updated);
      toast.success(done);
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });

  if (editing) {
    return (
      <Panel id="edit-activity" title={fill(t.form.editTitle, { name: activity.name })}>
        <ActivityForm
          activity={activity}
          companyId={activity.company_id}
          actions={actions}
          onDone={(saved) => {
            if (saved) setActivity(saved);
            setEditing(false);
            router.refresh();
          }}
        />
      </Panel>
    );
  }

  const rules = ruleTexts(lang, activity.schedule);
  const years =
    activity.birth_year_from || activity.birth_year_to
      ? `${activity.birth_year_from ?? ""}–${activity.birth_year_to ?? ""}`
      : t.activity.anyAge;
  return (
    <div className="space-y-6">
      {(canWrite || headerActions) && (
        <div
          role="group"
          aria-label={t.activity.actions}
          className="flex flex-wrap items-center gap-3"
          data-testid="activity-actions"
        >
          {canWrite && (
            <EditAndRemove
              editLabel={t.activity.edit}
              onEdit={() => setEditing(true)}
              remove={{
                label: t.activity.delete,
                title: fill(t.activity.deleteTitle, { name: activity.name }),
                body: t.activity.deleteBody,
                confirmLabel: t.activity.deleteConfirm,
                cancelLabel: t.common.cancel,
                disabled: remove.isPending,
                onConfirm: () => remove.mutate(),
              }}
            />
          )}
          {headerActions}
        </div>
      )}
      <Panel id="activity-details" title={t.activity.details}>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-700">{t.activity.schedule}</dt>
          <dd>
            {rules.length === 0 ? t.list.noSchedule : rules.map((line) => <div key={line}>{line}</div>)}
            <div className="text-sm text-slate-700">
              {activity.time_zone}. {activity.skip_holidays ? t.activity.holidaysSkipped : t.activity.holidaysKept}.
            </div>
          </dd>
          {activity.except_dates.length > 0 && (
            <>
              <dt className="font-medium text-slate-700">{t.activity.exceptDates}</dt>
              <dd>{activity.except_dates.map((d) => formatDate(lang, "calendarDate", d)).join(", ")}</dd>
            </>
          )}
          <dt className="font-medium text-slate-700">{t.activity.signup}</dt>
          <dd>
            {signupUrl ? (
              <a href={signupUrl} target="_blank" rel="noopener" className="break-all text-blue-800 underline">
                {signupUrl}
                <span className="sr-only"> {t.activity.opensInNewTab}</span>
              </a>
            ) : (
              t.activity.signupClosed
            )}
          </dd>
          <dt className="font-medium text-slate-700">{t.form.location}</dt>
          <dd>{activity.location ?? t.common.none}</dd>
          <dt className="font-medium text-slate-700">{t.activity.birthYears}</dt>
          <dd>{years}</dd>
          <dt className="font-medium text-slate-700">{t.form.capacity}</dt>
          <dd>{activity.capacity ?? t.list.unlimited}</dd>
          <dt className="font-medium text-slate-700">{t.activity.leaders}</dt>
          <dd>
            {activity.leaders.length === 0 ? (
              t.activity.noLeaders
            ) : (
              <ul className="space-y-1" data-testid="leaders">
                {activity.leaders.map((l) => {
                  const name = memberName(l, `#${l.member_id}`);
                  return (
                    <li key={l.member_id} className="flex flex-wrap items-center gap-3">
                      {name}
                      {canWrite && (
                        <button
                          type="button"
                          className="text-sm text-blue-800 underline hover:text-blue-950"
                          disabled={leaders.isPending}
                          onClick={() =>
                            leaders.mutate({
                              ids: activity.leader_ids.filter((id) => id !== l.member_id),
                              done: fill(t.activity.leaderRemoved, { name }),
                            })
                          }
                        >
                          {fill(t.activity.removeLeader, { name })}
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </dd>
          <dt className="font-medium text-slate-700">{t.form.description}</dt>
          <dd className="whitespace-pre-line">{activity.description ?? t.common.none}</dd>
        </dl>
      </Panel>
      <OccasionsPanel activity={activity} canWrite={canWrite} actions={actions} />
      <ParticipantsPanel
        activity={activity}
        canWrite={canWrite}
        canFindMembers={canFindMembers}
        actions={actions}
        onChange={setActivity}
        onAddLeader={(member) =>
          leaders.mutate({
            ids: [...activity.leader_ids, member.id],
            done: fill(t.activity.leaderAdded, { name: member.name }),
          })
        }
      />
    </div>
  );
}
