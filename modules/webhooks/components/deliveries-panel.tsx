"use client";
// One endpoint's deliveries, newest first, a page at a time: the event, its state, the attempts and the receiver's
// last answer, refreshed while any is waiting; each with its details (every attempt, the body sent) and, for staff
// with WEBHOOK.U, sending it again (the same webhook-id, so the receiver can tell it is the same message).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { SelectField } from "@/components/ui/field";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { webhooksMessages, type WebhooksMessages } from "@/modules/webhooks/texts/webhooks";
import { fill } from "@/lib/i18n/fill";
import { formatDate } from "@/lib/i18n/formats";
import type { Lang } from "@/lib/i18n/lang";
import { queryKeys } from "@/lib/query-keys";
import type { WebhookDeliveryPage } from "@/modules/webhooks/schemas/webhooks";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { Modal } from "@/components/admin/ui/modal";
import { QueryTable } from "@/components/admin/ui/query-table";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { Delivery, Endpoint, WebhookActions } from "./types";

const column = createColumnHelper<Delivery>();
const STATUS_FILTERS = ["", "PENDING", "DELIVERED", "FAILED"] as const;
const statusClass: Record<Delivery["status"], string> = {
  PENDING: "bg-amber-100 text-amber-950",
  DELIVERED: "bg-emerald-100 text-emerald-950",
  FAILED: "bg-red-100 text-red-950",
};

/** An event type's name in the reader's language (a type this screen does not know yet: as sent). */
function eventName(t: WebhooksMessages, type: string): string {
  return (t.eventNames as Record<string, string>)[type] ?? type;
}

/** The receiver's last answer: its status code, or why there was none. */
function answerText(t: WebhooksMessages, code: number | null, error: string | null): string {
  if (code !== null) return error ? `${code}: ${error}` : String(code);
  return error ?? t.deliveries.noAnswer;
}

export function DeliveriesPanel({
  endpoint,
  canWrite,
  redeliver,
}: {
  endpoint: Endpoint;
  canWrite: boolean;
  redeliver: WebhookActions["redeliver"];
}) {
  const lang = useLang();
  const t = webhooksMessages(lang);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<(typeof STATUS_FILTERS)[number]>("");
  const [shown, setShown] = useState<Delivery | null>(null);
  const query = useQuery({
    queryKey: queryKeys.webhooks.deliveries(endpoint.id, page, status),
    queryFn: () =>
      fetchJson<z.output<typeof WebhookDeliveryPage>>(
        `/admin/api/webhooks/${endpoint.id}/deliveries?page=${page}${status ? `&status=${status}` : ""}`,
      ),
    placeholderData: keepPreviousData,
    // While something is on its way, its answer shows up without a reload.
    refetchInterval: (q) => (q.state.data?.deliveries.some((d) => d.status === "PENDING") ? 2000 : false),
  });
  const again = useMutation({
    mutationFn: (delivery: Delivery) => unwrap(redeliver({ id: endpoint.id, delivery_id: delivery.id })),
    onSuccess: () => {
      toast.success(t.deliveries.redelivered);
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });
  const columns = useMemo(
    () => [
      column.accessor("created_at", {
        header: t.deliveries.columns.created,
        cell: (info) => <span className="whitespace-nowrap">{formatDate(lang, "dateTime", info.getValue())}</span>,
      }),
      column.accessor("event_type", {
        header: t.deliveries.columns.event,
        cell: (info) => (
          <>
            {eventName(t, info.getValue())}
            <code className="block text-xs text-slate-700">{info.getValue()}</code>
          </>
        ),
      }),
      column.accessor("status", {
        header: t.deliveries.columns.status,
        cell: (info) => (
          <span className={`rounded px-2 py-0.5 text-sm font-medium ${statusClass[info.getValue()]}`}>
            {t.deliveries.statuses[info.getValue()]}
          </span>
        ),
      }),
      column.accessor("attempts", { header: t.deliveries.columns.attempts }),
      column.accessor((d) => answerText(t, d.last_status_code, d.last_error), {
        id: "answer",
        header: t.deliveries.columns.answer,
        cell: (info) => <span className="break-words">{info.getValue()}</span>,
      }),
      column.accessor("next_attempt_at", {
        header: t.deliveries.columns.next,
        cell: (info) => {
          const next = info.getValue();
          return next ? <span className="whitespace-nowrap">{formatDate(lang, "dateTime", next)}</span> : t.common.none;
        },
      }),
      column.display({
        id: "actions",
        header: t.deliveries.columns.actions,
        cell: (info) => (
          <div className="flex flex-col gap-2 xl:flex-row">
            <button
              type="button"
              className={`${secondaryButtonClass} whitespace-nowrap px-3 py-1.5`}
              aria-label={fill(t.deliveries.detailsLabel, { id: info.row.original.id })}
              onClick={() => setShown(info.row.original)}
            >
              {t.deliveries.details}
            </button>
            {canWrite && endpoint.enabled && (
              <button
                type="button"
                className={`${secondaryButtonClass} whitespace-nowrap px-3 py-1.5`}
                aria-label={fill(t.deliveries.redeliverLabel, { id: info.row.original.id })}
                disabled={again.isPending}
                onClick={() => again.mutate(info.row.original)}
              >
                {t.deliveries.redeliver}
              </button>
            )}
          </div>
        ),
      }),
    ],
    [t, lang, canWrite, endpoint.enabled, again],
  );
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / data.limit)) : 1;
  return (
    <section
      aria-label={fill(t.deliveries.title, { url: endpoint.url })}
      className="space-y-3 border-t border-slate-200 pt-4"
      data-testid="webhook-deliveries"
    >
      <SelectField
        id={`deliveries-status-${endpoint.id}`}
        label={t.deliveries.filter}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as (typeof STATUS_FILTERS)[number]);
          setPage(1);
        }}
        className="w-full max-w-xs"
      >
        {STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {s ? t.deliveries.statuses[s] : t.deliveries.all}
          </option>
        ))}
      </SelectField>
      {data?.count === 0 ? (
        <p className="text-slate-700">{t.deliveries.none}</p>
      ) : (
        <QueryTable
          query={{ ...query, data: data?.deliveries }}
          columns={columns}
          getRowId={(d) => String(d.id)}
          label={t.deliveries.caption}
          className="min-w-[44rem]"
          testId="webhook-deliveries-table"
        />
      )}
      {pages > 1 && (
        <nav aria-label={t.deliveries.pagination} className="flex flex-wrap items-center gap-3">
          <button type="button" className={secondaryButtonClass} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t.deliveries.previous}
          </button>
          <span className="text-sm text-slate-700">{fill(t.deliveries.page, { page, pages })}</span>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t.deliveries.next}
          </button>
        </nav>
      )}
      <DeliveryDetails delivery={shown} onClose={() => setShown(null)} t={t} lang={lang} />
    </section>
  );
}

function DeliveryDetails({
  delivery,
  onClose,
  t,
  lang,
}: {
  delivery: Delivery | null;
  onClose: () => void;
  t: WebhooksMessages;
  lang: Lang;
}) {
  return (
    <Modal
      open={delivery !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        delivery ? fill(t.deliveries.detailsTitle, { id: delivery.id, event: eventName(t, delivery.event_type) }) : ""
      }
      wide
      testId="webhook-delivery-details"
    >
      {delivery && (
        <div className="space-y-4">
          <p className="text-sm">
            <span className="font-medium">{t.deliveries.messageId}: </span>
            <code className="break-all">{delivery.message_id}</code>
          </p>
          <div>
            <h3 className="font-medium">{t.deliveries.attemptsTitle}</h3>
            {delivery.attempt_log.length === 0 ? (
              <p className="text-sm text-slate-700">{t.deliveries.noAttempts}</p>
            ) : (
              <ol className="mt-1 list-decimal space-y-1 pl-6 text-sm">
                {delivery.attempt_log.map((a, i) => (
                  <li key={i}>
                    {fill(t.deliveries.attemptLine, {
                      date: formatDate(lang, "dateTime", a.attempted_at),
                      answer: answerText(t, a.status_code, a.error),
                      ms: a.duration_ms,
                    })}
                  </li>
                ))}
              </ol>
            )}
          </div>
          <div>
            <h3 className="font-medium">{t.deliveries.payload}</h3>
            {/* Focusable so keyboard users can scroll a wide body (axe: scrollable-region-focusable). */}
            <pre
              tabIndex={0}
              className="mt-1 max-h-72 overflow-auto rounded bg-slate-900 p-3 text-xs text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
            >
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
          </div>
          <div className="flex justify-end">
            <button type="button" className={secondaryButtonClass} onClick={onClose}>
              {t.deliveries.close}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
