"use client";
// An activity's occasions as a list or a month calendar; with ACTIVITY.U add one by hand, move one, cancel one or
// take a cancellation back. Each links to its attendance.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { formatWallClock } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { stockholmToday } from "@/lib/calendar";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { QueryState } from "@/components/admin/ui/query-state";
import { secondaryButtonClass, tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { activitiesMessages } from "../texts/activities";
import { OccasionCalendar } from "./occasion-calendar";
import { OccasionForm, type OccasionFormBody } from "./occasion-form";
import type { ActivityActions, ActivityWithParticipants, OccasionRow } from "./types";

const NO_OCCASIONS: OccasionRow[] = [];

export function OccasionsPanel({
  activity,
  canWrite,
  actions,
}: {
  activity: ActivityWithParticipants;
  canWrite: boolean;
  actions: Pick<ActivityActions, "addOccasion" | "updateOccasion">;
}) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const queryClient = useQueryClient();
  const [view, setView] = useState<"list" | "calendar">("list");
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<number | null>(null);
  const key = queryKeys.activities.occasions(activity.id);
  const occasions = useQuery({
    queryKey: [...key, activity.schedule, activity.except_dates, activity.skip_holidays],
    queryFn: () => fetchJson<OccasionRow[]>(`/admin/api/activities/${activity.id}/occasions`),
  });
  const list = occasions.data ?? NO_OCCASIONS;
  const done = (text: string) => {
    toast.success(text);
    setAdding(false);
    setMoving(null);
    void queryClient.invalidateQueries({ queryKey: key });
  };
  const add = useMutation({
    mutationFn: (body: OccasionFormBody) => unwrap(actions.addOccasion({ id: activity.id, occasion: body })),
    onSuccess: () => done(t.occasions.addedToast),
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const change = useMutation({
    mutationFn: ({ id, ...occasion }: { id: number; starts_at?: string; status?: "SCHEDULED" | "CANCELLED" }) =>
      unwrap(actions.updateOccasion({ id, occasion })),
    onSuccess: (saved, asked) =>
      done(
        asked.status === "CANCELLED"
          ? t.occasions.cancelledToast
          : asked.status === "SCHEDULED"
            ? t.occasions.restoredToast
            : t.occasions.movedToast,
      ),
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  // Counted from the list once read, so an occasion added or cancelled here counts at once.
  const scheduledCount = occasions.data ? list.filter((o) => o.status === "SCHEDULED").length : activity.occasion_count;
  const today = stockholmToday();
  const firstComing = list.find((o) => o.starts_at.slice(0, 10) >= today) ?? list.at(-1);
  const initialMonth = (firstComing?.starts_at ?? today).slice(0, 7);
  const defaultMinutes = activity.schedule[0]?.duration_minutes ?? 60;
  const statusText = (o: OccasionRow) =>
    [
      o.status === "CANCELLED" ? t.occasions.cancelled : t.occasions.scheduled,
      o.moved ? t.occasions.moved : null,
      o.planned ? null : t.occasions.added,
    ]
      .filter(Boolean)
      .join(", ");

  return (
    <Panel id="occasions" title={t.occasions.title} intro={fill(t.occasions.count, { count: scheduledCount })}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t.occasions.view} className="inline-flex gap-2">
          {(["list", "calendar"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`${secondaryButtonClass} px-3 py-1 ${view === v ? "bg-slate-200" : ""}`}
              onClick={() => setView(v)}
            >
              {v === "list" ? t.occasions.list : t.occasions.calendar}
            </button>
          ))}
        </div>
        {canWrite && !adding && (
          <button type="button" className={secondaryButtonClass} onClick={() => setAdding(true)}>
            {t.occasions.add}
          </button>
        )}
      </div>
      {adding && (
        <div>
          <h3 className="mb-2 font-semibold">{t.occasions.addTitle}</h3>
          <OccasionForm
            occasion={null}
            timeZone={activity.time_zone}
            defaultMinutes={defaultMinutes}
            t={t}
            busy={add.isPending}
            onSave={(body) => add.mutate(body)}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}
      <QueryState query={occasions}>
        {list.length === 0 ? (
          <p className="text-slate-700">{t.occasions.none}</p>
        ) : view === "calendar" ? (
          <OccasionCalendar occasions={list} initialMonth={initialMonth} />
        ) : (
          <div className="max-h-[32rem] overflow-auto">
            <table className={tableClass} data-testid="occasions-table">
              <caption className="sr-only">{t.occasions.caption}</caption>
              <thead>
                <tr>
                  <th className={thClass}>{t.occasions.columns.when}</th>
                  <th className={thClass}>{t.occasions.columns.minutes}</th>
                  <th className={thClass}>{t.occasions.columns.place}</th>
                  <th className={thClass}>{t.occasions.columns.status}</th>
                  <th className={thClass}>{t.occasions.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => {
                  const when = formatWallClock(lang, o.starts_at);
                  return (
                    <tr key={o.id} className={o.status === "CANCELLED" ? "text-slate-600" : undefined}>
                      <td className={`${tdClass} whitespace-nowrap`}>
                        <span className={o.status === "CANCELLED" ? "line-through" : undefined}>{when}</span>
                        {moving === o.id && (
                          <div className="mt-2 min-w-[40rem]">
                            <h3 className="mb-2 font-semibold">{fill(t.occasions.moveTitle, { when })}</h3>
                            <OccasionForm
                              occasion={o}
                              timeZone={activity.time_zone}
                              defaultMinutes={defaultMinutes}
                              t={t}
                              busy={change.isPending}
                              onSave={(body) => change.mutate({ id: o.id, ...body })}
                              onCancel={() => setMoving(null)}
                            />
                          </div>
                        )}
                      </td>
                      <td className={tdClass}>{o.duration_minutes}</td>
                      <td className={tdClass}>{o.location ?? t.common.none}</td>
                      <td className={tdClass}>{statusText(o)}</td>
                      <td className={`${tdClass} whitespace-nowrap`}>
                        <div className="flex flex-wrap gap-2">
                          <Link
                            href={`/admin/activities/occasions/${o.id}`}
                            className="text-blue-800 underline hover:text-blue-950"
                            aria-label={fill(t.occasions.attendanceFor, { when })}
                          >
                            {t.occasions.attendance}
                          </Link>
                          {canWrite && (
                            <>
                              <button
                                type="button"
                                className="text-blue-800 underline hover:text-blue-950"
                                aria-label={fill(t.occasions.moveFor, { when })}
                                onClick={() => setMoving(o.id)}
                              >
                                {t.occasions.move}
                              </button>
                              <button
                                type="button"
                                className="text-blue-800 underline hover:text-blue-950"
                                aria-label={fill(
                                  o.status === "CANCELLED" ? t.occasions.restoreFor : t.occasions.cancelFor,
                                  { when },
                                )}
                                disabled={change.isPending}
                                onClick={() =>
                                  change.mutate({
                                    id: o.id,
                                    status: o.status === "CANCELLED" ? "SCHEDULED" : "CANCELLED",
                                  })
                                }
                              >
                                {o.status === "CANCELLED" ? t.occasions.restore : t.occasions.cancel}
                              </button>
                            </>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </Panel>
  );
}
