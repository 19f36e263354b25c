"use client";
// One webhook endpoint: where it sends, what it hears, whether it is active (paused by staff, or disabled by the
// service after failing for days, with the reason), and what staff with WEBHOOK.U do with it. Its deliveries open
// below it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { webhooksMessages } from "@/modules/webhooks/texts/webhooks";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { DeliveriesPanel } from "./deliveries-panel";
import type { Endpoint, WebhookActions } from "./types";

const badgeClass = {
  enabled: "bg-emerald-100 text-emerald-950",
  paused: "bg-slate-200 text-slate-900",
  disabled: "bg-red-100 text-red-950",
};

export function EndpointCard({
  endpoint,
  canWrite,
  actions,
  onEdit,
  onSecret,
}: {
  endpoint: Endpoint;
  canWrite: boolean;
  actions: WebhookActions;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const lang = useLang();
  const t = webhooksMessages(lang);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<"pause" | "rotate" | "remove" | null>(null);
  const url = endpoint.url;
  const state = endpoint.enabled ? "enabled" : endpoint.disabled_reason ? "disabled" : "paused";
  const run = useMutation({
    mutationFn: async (what: "pause" | "enable" | "rotate" | "remove" | "test") => {
      const id = endpoint.id;
      if (what === "pause" || what === "enable") await unwrap(actions.update({ id, enabled: what === "enable" }));
      if (what === "remove") await unwrap(actions.remove({ id }));
      if (what === "test") await unwrap(actions.sendTest({ id }));
      if (what === "rotate") return (await unwrap(actions.rotateSecret({ id }))).secret;
      return null;
    },
    onSuccess: (secret, what) => {
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
      if (secret) onSecret(secret);
      const done = { pause: t.paused, enable: t.enabled, remove: t.removed, test: t.testQueued, rotate: null }[what];
      if (done) toast.success(fill(done, { url }));
      if (what === "test") setOpen(true);
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const confirmProps = (what: "pause" | "rotate" | "remove") => ({
    cancelLabel: t.common.cancel,
    open: confirming === what,
    onOpenChange: (next: boolean) => setConfirming(next ? what : null),
    onConfirm: () => run.mutate(what),
    pending: run.isPending,
  });
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="break-all font-mono text-sm font-semibold">{url}</p>
          {endpoint.description && <p className="mt-1 text-slate-700">{endpoint.description}</p>}
        </div>
        <span className={`rounded px-2 py-0.5 text-sm font-semibold ${badgeClass[state]}`}>{t.status[state]}</span>
      </div>
      {state === "disabled" && (
        <p role="note" className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-950">
          {fill(t.disabledBecause, {
            date: formatDate(lang, "dateTime", endpoint.disabled_at!),
            reason: endpoint.disabled_reason!,
          })}
        </p>
      )}
      {state === "enabled" && endpoint.failing_since && (
        <p role="note" className="rounded-md border border-amber-700 bg-amber-50 p-2 text-sm text-amber-950">
          {fill(t.failingSince, { date: formatDate(lang, "dateTime", endpoint.failing_since) })}
        </p>
      )}
      <div>
        <p className="text-sm font-medium">{t.events}</p>
        <ul className="mt-1 flex flex-wrap gap-1" aria-label={t.events}>
          {endpoint.events.map((type) => (
            <li key={type} className="rounded bg-slate-100 px-2 py-0.5 text-sm text-slate-900">
              {t.eventNames[type]}
            </li>
          ))}
        </ul>
        {endpoint.include_descendants && <p className="mt-1 text-sm text-slate-700">{t.includesDescendants}</p>}
      </div>
      <div role="group" aria-label={fill(t.actions, { url })} className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`${secondaryButtonClass} px-3 py-1.5`}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? t.hideDeliveries : t.showDeliveries}
        </button>
        {canWrite && (
          <>
            {endpoint.enabled && (
              <button
                type="button"
                className={`${secondaryButtonClass} px-3 py-1.5`}
                disabled={run.isPending}
                onClick={() => run.mutate("test")}
              >
                {t.sendTest}
              </button>
            )}
            <button type="button" className={`${secondaryButtonClass} px-3 py-1.5`} onClick={onEdit}>
              {t.edit}
            </button>
            {endpoint.enabled ? (
              <ConfirmButton
                label={t.pause}
                title={fill(t.pauseTitle, { url })}
                body={t.pauseBody}
                confirmLabel={t.pause}
                {...confirmProps("pause")}
              />
            ) : (
              <button
                type="button"
                className={`${secondaryButtonClass} px-3 py-1.5`}
                disabled={run.isPending}
                onClick={() => run.mutate("enable")}
              >
                {t.enable}
              </button>
            )}
            <ConfirmButton
              label={t.rotate}
              title={fill(t.rotateTitle, { url })}
              body={t.rotateBody}
              confirmLabel={t.rotate}
              {...confirmProps("rotate")}
            />
            <ConfirmButton
              label={t.remove}
              title={fill(t.removeTitle, { url })}
              body={t.removeBody}
              confirmLabel={t.remove}
              danger
              {...confirmProps("remove")}
            />
          </>
        )}
      </div>
      {open && <DeliveriesPanel endpoint={endpoint} canWrite={canWrite} redeliver={actions.redeliver} />}
    </li>
  );
}
