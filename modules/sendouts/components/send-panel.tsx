"use client";
// Sending a saved draft: the reach of its lists, then now or at a time typed in Swedish time (turned into an instant
// with Stockholm's offset on that day, summer time included), each confirmed in a dialog that says how many and when.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { TextField } from "@/components/ui/field";
import { unwrap } from "@/lib/actions/result";
import type { SendoutsMessages } from "@/modules/sendouts/texts/sendouts";
import { fill } from "@/lib/i18n/fill";
import { formatDate, formatNumber } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { zonedIso } from "@/modules/events/schemas/event";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { Panel } from "@/components/admin/ui/page-parts";
import { RecipientCount, useRecipientCount } from "./recipient-count";
import type { SendoutActions, SendoutRow } from "./types";

const STOCKHOLM = "Europe/Stockholm";

export function SendPanel({
  sendout,
  listIds,
  activityIds,
  blockedBy,
  sendSendout,
  onSent,
  t,
}: {
  sendout: SendoutRow;
  /** The lists chosen in the form (the count follows the choice before it is saved). */
  listIds: number[];
  activityIds: number[];
  /** Why it cannot be sent now (unsaved changes), or null. */
  blockedBy: string | null;
  sendSendout: SendoutActions["sendSendout"];
  onSent: (sendout: SendoutRow) => void;
  t: SendoutsMessages;
}) {
  const lang = useLang();
  const queryClient = useQueryClient();
  const reach = useRecipientCount(sendout.company_id, listIds, activityIds);
  const [mode, setMode] = useState<"now" | "later">("now");
  const [local, setLocal] = useState("");
  const [open, setOpen] = useState(false);
  const [whenError, setWhenError] = useState<string | undefined>();
  const sendAt = mode === "later" && local ? zonedIso(local, STOCKHOLM) : undefined;
  const send = useMutation({
    mutationFn: () => unwrap(sendSendout({ id: sendout.id, ...(sendAt ? { send_at: sendAt } : {}) })),
    onSuccess: (sent) => {
      setOpen(false);
      toast.success(
        sent.status === "SCHEDULED" && sent.send_at
          ? fill(t.send.scheduled, { when: formatDate(lang, "dateTime", sent.send_at) })
          : t.send.started,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.sendouts.all });
      onSent(sent);
    },
    onError: (error) => {
      setOpen(false);
      toast.error(failureText(t.common, error));
    },
  });
  const recipients = reach.data?.recipients ?? 0;
  const openConfirm = (next: boolean) => {
    if (next && mode === "later" && !local) {
      setWhenError(t.send.whenRequired);
      return;
    }
    setWhenError(undefined);
    setOpen(next);
  };
  const values = {
    count: formatNumber(lang, recipients),
    subject: sendout.subject,
    when: sendAt ? formatDate(lang, "dateTime", sendAt) : "",
  };

  return (
    <Panel id="sendout-send" title={t.send.title}>
      <RecipientCount query={reach} chosen={listIds.length + activityIds.length > 0} t={t.recipients} />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">{t.send.title}</legend>
        {(["now", "later"] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 font-medium">
            <input
              type="radio"
              name="send-mode"
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
              className="h-4 w-4 accent-blue-800"
            />
            {t.send[option]}
          </label>
        ))}
      </fieldset>
      {mode === "later" && (
        <TextField
          id="sendout-send-at"
          label={t.send.when}
          help={t.send.whenHelp}
          type="datetime-local"
          value={local}
          onChange={(e) => setLocal(e.target.value)}
          error={whenError}
          className="max-w-xs"
        />
      )}
      <ConfirmButton
        compact={false}
        label={mode === "now" ? t.send.sendButton : t.send.scheduleButton}
        title={t.send.confirmTitle}
        body={<p>{fill(mode === "now" ? t.send.confirmNow : t.send.confirmLater, values)}</p>}
        confirmLabel={mode === "now" ? t.send.confirm : t.send.confirmSchedule}
        cancelLabel={t.common.cancel}
        disabled={blockedBy !== null || !reach.data || recipients === 0}
        describedBy={blockedBy ? "sendout-send-blocked" : undefined}
        open={open}
        onOpenChange={openConfirm}
        pending={send.isPending}
        onConfirm={() => send.mutate()}
      />
      {(blockedBy || (reach.data && recipients === 0)) && (
        <p id="sendout-send-blocked" className="text-sm text-slate-700">
          {blockedBy ?? t.send.noRecipients}
        </p>
      )}
    </Panel>
  );
}
