"use client";
// A started (or scheduled) sendout, read only: its figures, times in Swedish time, and, with SENDOUT.U, pausing,
// resuming and cancelling as its status allows, each confirmed first. The figures refresh while it is sending.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import type { SendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { fill } from "@/lib/i18n/fill";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { Panel } from "@/components/admin/ui/page-parts";
import { REFRESH_WHILE_SENDING_MS, StatusBadge } from "./status-badge";
import type { SendoutActions, SendoutRow } from "./types";

type Change = "pause" | "resume" | "cancel";
/** What each status allows: a sendout runs, rests or stops; one that has ended allows nothing. */
const CHANGES: Record<string, Change[]> = {
  SCHEDULED: ["cancel"],
  SENDING: ["pause", "cancel"],
  PAUSED: ["resume", "cancel"],
};

export function SendoutFigures({
  initial,
  canWrite,
  actions,
  t,
}: {
  initial: SendoutRow;
  canWrite: boolean;
  actions: Pick<SendoutActions, "pauseSendout" | "resumeSendout" | "cancelSendout">;
  t: SendoutsMessages;
}) {
  const lang = useLang();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.sendouts.one(initial.id),
    queryFn: () => fetchJson<SendoutRow>(`/admin/api/sendouts/${initial.id}`),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === "SENDING" ? REFRESH_WHILE_SENDING_MS : false),
  });
  const sendout = query.data;
  const change = useMutation({
    mutationFn: (which: Change) =>
      unwrap(
        { pause: actions.pauseSendout, resume: actions.resumeSendout, cancel: actions.cancelSendout }[which]({
          id: sendout.id,
        }),
      ),
    onSuccess: (changed, which) => {
      queryClient.setQueryData(queryKeys.sendouts.one(changed.id), changed);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sendouts.ofCompany(changed.company_id) });
      toast.success({ pause: t.view.paused, resume: t.view.resumed, cancel: t.view.cancelled }[which]);
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const count = (n: number) => formatNumber(lang, n);
  const at = (iso: string | null) => (iso ? formatDate(lang, "dateTime", iso) : t.common.none);
  const figures: [string, string][] = [
    [t.list.columns.recipients, count(sendout.counts.recipients)],
    [t.list.columns.sent, count(sendout.counts.sent)],
    [t.list.columns.failed, count(sendout.counts.failed)],
    [t.list.columns.bounced, count(sendout.counts.bounced)],
    [t.list.columns.complained, count(sendout.counts.complained)],
    [t.list.columns.unsubscribed, count(sendout.counts.unsubscribed)],
    [t.list.columns.started, at(sendout.started_at)],
    [t.list.columns.finished, at(sendout.finished_at)],
  ];
  const dialogs = {
    pause: { label: t.view.pause, title: t.view.pauseTitle, body: t.view.pauseBody, confirm: t.view.pause },
    resume: { label: t.view.resume, title: t.view.resumeTitle, body: t.view.resumeBody, confirm: t.view.resume },
    cancel: { label: t.view.cancel, title: t.view.cancelTitle, body: t.view.cancelBody, confirm: t.view.cancelConfirm },
  };

  return (
    <Panel id="sendout-figures" title={t.view.figures}>
      <p className="flex flex-wrap items-center gap-3">
        <StatusBadge status={sendout.status} t={t} />
        {sendout.status === "SCHEDULED" && sendout.send_at && (
          <span>{fill(t.view.scheduledFor, { when: at(sendout.send_at) })}</span>
        )}
        {sendout.status === "SENDING" && <span className="text-sm text-slate-700">{t.list.refreshing}</span>}
      </p>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-4" data-testid="sendout-figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {canWrite && (CHANGES[sendout.status] ?? []).length > 0 && (
        <div className="flex flex-wrap gap-3">
          {CHANGES[sendout.status].map((which) => (
            <ConfirmButton
              key={which}
              compact={false}
              danger={which === "cancel"}
              label={dialogs[which].label}
              title={dialogs[which].title}
              body={<p>{dialogs[which].body}</p>}
              confirmLabel={dialogs[which].confirm}
              cancelLabel={which === "cancel" ? t.view.keep : t.common.cancel}
              disabled={change.isPending}
              onConfirm={() => change.mutate(which)}
            />
          ))}
        </div>
      )}
    </Panel>
  );
}
