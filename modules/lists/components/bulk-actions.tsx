"use client";
// The subscribers table's bulk actions: rows picked on the page (a checkbox column and "all on the page"), or every
// subscriber matching the search and status; then unsubscribe them (with SUBSCRIPTION_LIST.U) or export them, each
// after a question that says how many people it concerns. The picked rows belong to one page and one filter: they
// are let go when either changes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap, type ActionResult } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { listsBulkMessages } from "@/modules/lists/texts/lists-bulk";
import { listsMessages } from "@/modules/lists/texts/lists";
import type { Lang } from "@/lib/i18n/lang";
import { queryKeys } from "@/lib/query-keys";
import type { BulkSelectionInput, BulkUnsubscribeResult } from "@/modules/lists/schemas/subscriber-bulk";
import { failureText } from "@/components/admin/action-errors";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import type { RowSelection } from "@/components/admin/ui/row-selection";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import type { Subscriber, SubscribersPageView } from "./types";

export type BulkUnsubscribe = (input: {
  id: number;
  selection: BulkSelectionInput;
}) => Promise<ActionResult<z.infer<typeof BulkUnsubscribeResult>>>;

type Filters = { q: string; status: string };

const ENDABLE = new Set(["SUBSCRIBED", "PENDING"]);

/** How many of every match the filters give are subscribed or pending (what an unsubscribe of all would end). */
function useEndableMatching(listId: number, filters: Filters, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.lists.allSubscribers(listId), "endable", filters],
    enabled,
    queryFn: async () => {
      const statuses = filters.status ? [filters.status].filter((s) => ENDABLE.has(s)) : [...ENDABLE];
      const counts = await Promise.all(
        statuses.map((status) =>
          fetchJson<SubscribersPageView>(
            `/admin/api/lists/${listId}/subscribers?${new URLSearchParams({ limit: "1", status, ...(filters.q ? { q: filters.q } : {}) })}`,
          ),
        ),
      );
      return counts.reduce((n, page) => n + page.count, 0);
    },
  });
}

export function BulkToolbar({
  listId,
  lang,
  selection,
  rows,
  count,
  filters,
  canWrite,
  bulkUnsubscribe,
}: {
  listId: number;
  lang: Lang;
  selection: RowSelection;
  rows: Subscriber[];
  count: number;
  filters: Filters;
  canWrite: boolean;
  bulkUnsubscribe: BulkUnsubscribe;
}) {
  const t = listsBulkMessages(lang);
  const common = listsMessages(lang).common;
  const queryClient = useQueryClient();
  const [unsubscribeOpen, setUnsubscribeOpen] = useState(false);
  const picked = selection.allMatching ? count : selection.ids.size;
  const endable = useEndableMatching(listId, filters, unsubscribeOpen && selection.allMatching);
  const affected = selection.allMatching
    ? endable.data
    : rows.filter((r) => selection.ids.has(r.member_id) && ENDABLE.has(r.status)).length;
  const chosen: BulkSelectionInput = selection.allMatching
    ? {
        matching: {
          ...(filters.q ? { q: filters.q } : {}),
          ...(filters.status ? { status: filters.status as "SUBSCRIBED" } : {}),
        },
      }
    : { member_ids: [...selection.ids] };

  const unsubscribe = useMutation({
    mutationFn: () => unwrap(bulkUnsubscribe({ id: listId, selection: chosen })),
    onSuccess: ({ unsubscribed }) => {
      toast.success(t.unsubscribed(unsubscribed));
      selection.clear();
      setUnsubscribeOpen(false);
    },
    onError: (error) => toast.error(failureText(common, error)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.allSubscribers(listId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.one(listId) });
    },
  });

  const exportUrl = selection.allMatching
    ? `/admin/api/lists/${listId}/subscribers.csv?${new URLSearchParams({ ...(filters.q ? { q: filters.q } : {}), ...(filters.status ? { status: filters.status } : {}) })}`
    : `/admin/api/lists/${listId}/subscribers/selected.csv?member_ids=${[...selection.ids].join(",")}`;
  const pageAllPicked = rows.length > 0 && rows.every((r) => selection.ids.has(r.member_id));

  if (picked === 0) return null;
  return (
    <div
      role="region"
      aria-label={t.toolbar}
      className="flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-3"
      data-testid="bulk-toolbar"
    >
      <p className="font-medium" aria-live="polite">
        {selection.allMatching ? t.allMatchingSelected(count) : t.selected(picked)}
      </p>
      {!selection.allMatching && pageAllPicked && count > rows.length && (
        <button
          type="button"
          className="text-blue-800 underline hover:text-blue-950"
          onClick={selection.selectAllMatching}
        >
          {t.selectAllMatching(count)}
        </button>
      )}
      <div className="flex flex-wrap gap-2">
        {canWrite && (
          <ConfirmButton
            danger
            compact={false}
            label={t.unsubscribe}
            title={t.unsubscribeTitle}
            body={
              <p>
                {affected === undefined ? t.counting : affected === 0 ? t.unsubscribeNone : t.unsubscribeBody(affected)}
              </p>
            }
            confirmLabel={unsubscribe.isPending ? t.unsubscribing : t.unsubscribeConfirm}
            cancelLabel={common.cancel}
            open={unsubscribeOpen}
            onOpenChange={setUnsubscribeOpen}
            pending={unsubscribe.isPending}
            confirmDisabled={!affected}
            onConfirm={() => unsubscribe.mutate()}
          />
        )}
        <ConfirmButton
          compact={false}
          label={t.export}
          title={t.exportTitle}
          body={<p>{t.exportBody(picked)}</p>}
          confirmLabel={t.exportConfirm}
          cancelLabel={common.cancel}
          onConfirm={() => window.location.assign(exportUrl)}
        />
        <button type="button" className={secondaryButtonClass} onClick={selection.clear}>
          {t.clear}
        </button>
      </div>
    </div>
  );
}
