"use client";
// An occasion's attendance: leaders and enrolled participants with their status, who recorded it and how often it
// changed; with ATTENDANCE.U staff correct it (only the changed rows are sent), and the changes are listed below.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Panel } from "@/components/admin/ui/page-parts";
import { buttonClass, inputClass, tableClass, tdClass, thClass } from "@/components/admin/ui/styles";
import { memberName } from "@/modules/members/texts/member-name";
import { activitiesMessages } from "../texts/activities";
import type { AttendanceActions, OccasionWithAttendance } from "./types";

type Status = "PRESENT" | "ABSENT" | "EXCUSED";
const STATUSES: Status[] = ["PRESENT", "ABSENT", "EXCUSED"];

export interface AttendanceChange {
  member_id: number;
  from_status: Status | null;
  to_status: Status;
  changed_at: string;
  changed_by: string;
}

export function AttendanceView({
  occasion,
  history,
  canWrite,
  recordable,
  actions,
}: {
  occasion: OccasionWithAttendance;
  history: AttendanceChange[];
  canWrite: boolean;
  /** Not cancelled and not on a later day: the service takes attendance for it. */
  recordable: boolean;
  actions: AttendanceActions;
}) {
  const lang = useLang();
  const t = activitiesMessages(lang);
  const router = useRouter();
  const [current, setCurrent] = useState(occasion);
  const [chosen, setChosen] = useState<Record<number, Status | "">>(() =>
    Object.fromEntries(occasion.attendance.map((a) => [a.member_id, a.status ?? ""])),
  );
  const changed = current.attendance.filter((a) => chosen[a.member_id] && chosen[a.member_id] !== a.status);
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        actions.recordAttendance({
          id: occasion.id,
          attendance: changed.map((a) => ({ member_id: a.member_id, status: chosen[a.member_id] as Status })),
        }),
      ),
    onSuccess: (updated) => {
      setCurrent(updated);
      toast.success(t.attendance.saved);
      router.refresh();
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const editable = canWrite && recordable;
  const names = new Map(current.attendance.map((a) => [a.member_id, memberName(a, `#${a.member_id}`)]));
  const statusText = (s: Status | null) => (s ? t.attendance.statuses[s] : t.attendance.notRecorded);

  return (
    <div className="space-y-6">
      <Panel id="attendance" title={t.attendance.caption} intro={t.attendance.intro}>
        {occasion.status === "CANCELLED" ? (
          <p className="text-slate-700">{t.attendance.cancelled}</p>
        ) : !recordable ? (
          <p className="text-slate-700">{t.attendance.later}</p>
        ) : !canWrite ? (
          <p className="text-slate-700">{t.attendance.readOnly}</p>
        ) : null}
        {current.attendance.length === 0 ? (
          <p className="text-slate-700">{t.attendance.nobody}</p>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (changed.length === 0) toast.info(t.attendance.nothingChanged);
              else save.mutate();
            }}
            className="space-y-3"
          >
            <div className="overflow-x-auto">
              <table className={tableClass} data-testid="attendance-table">
                <caption className="sr-only">{t.attendance.caption}</caption>
                <thead>
                  <tr>
                    <th className={thClass}>{t.attendance.columns.name}</th>
                    <th className={thClass}>{t.attendance.columns.role}</th>
                    <th className={thClass}>{t.attendance.columns.status}</th>
                    <th className={thClass}>{t.attendance.columns.recorded}</th>
                    <th className={thClass}>{t.attendance.columns.history}</th>
                  </tr>
                </thead>
                <tbody>
                  {current.attendance.map((a) => {
                    const name = names.get(a.member_id)!;
                    return (
                      <tr key={a.member_id}>
                        <td className={tdClass}>{name}</td>
                        <td className={tdClass}>
                          {a.role === "LEADER" ? t.attendance.leader : t.attendance.participant}
                        </td>
                        <td className={tdClass}>
                          {editable ? (
                            <select
                              aria-label={fill(t.attendance.statusFor, { name })}
                              className={`${inputClass} mt-0 py-1`}
                              value={chosen[a.member_id] ?? ""}
                              onChange={(e) => setChosen({ ...chosen, [a.member_id]: e.target.value as Status | "" })}
                            >
                              {a.status === null && <option value="">{t.attendance.notRecorded}</option>}
                              {STATUSES.map((s) => (
                                <option key={s} value={s}>
                                  {t.attendance.statuses[s]}
                                </option>
                              ))}
                            </select>
                          ) : (
                            statusText(a.status)
                          )}
                        </td>
                        <td className={tdClass}>
                          {a.recorded_at
                            ? fill(t.attendance.recordedBy, {
                                when: formatDate(lang, "dateTime", a.recorded_at),
                                who: a.recorded_by ?? "",
                              })
                            : t.common.none}
                        </td>
                        <td className={tdClass}>{t.attendance.changes(a.changes)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {editable && (
              <button type="submit" className={buttonClass} disabled={save.isPending}>
                {t.attendance.save}
              </button>
            )}
          </form>
        )}
      </Panel>
      <Panel id="attendance-history" title={t.attendance.historyTitle}>
        {history.length === 0 ? (
          <p className="text-slate-700">{t.attendance.noHistory}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={tableClass} data-testid="attendance-history">
              <caption className="sr-only">{t.attendance.historyCaption}</caption>
              <thead>
                <tr>
                  <th className={thClass}>{t.attendance.historyColumns.when}</th>
                  <th className={thClass}>{t.attendance.historyColumns.who}</th>
                  <th className={thClass}>{t.attendance.historyColumns.name}</th>
                  <th className={thClass}>{t.attendance.historyColumns.change}</th>
                </tr>
              </thead>
              <tbody>
                {history.map((c, i) => (
                  <tr key={`${c.changed_at}-${c.member_id}-${i}`}>
                    <td className={`${tdClass} whitespace-nowrap`}>{formatDate(lang, "dateTime", c.changed_at)}</td>
                    <td className={tdClass}>{c.changed_by}</td>
                    <td className={tdClass}>{names.get(c.member_id) ?? `#${c.member_id}`}</td>
                    <td className={tdClass}>
                      {statusText(c.from_status)} → {statusText(c.to_status)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
