"use client";
// The member screen's bulk actions: the bar over the table that says what is selected (the ticked rows, or every
// member the search matches, as in Gmail), and the two actions, each asking first with the number of people:
// adding them to a list (the result counted by what the subscription rules did) and exporting them as CSV.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import type { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { formatNumber } from "@/lib/i18n/formats";
import { membersBulkMessages } from "@/modules/members/texts/members-bulk";
import { queryKeys } from "@/lib/query-keys";
import type { ActionResult } from "@/lib/actions/result";
import {
  BULK_MEMBERS_MAX,
  type BulkAddToListRequest,
  type BulkAddToListResult,
  type MemberSelectionInput,
} from "@/modules/members/schemas/bulk";
import type { DashboardListRow } from "@/modules/lists/schemas/dashboard";
import { SelectField } from "@/components/ui/field";
import { failureText } from "@/components/admin/action-errors";
import { useLang } from "@/components/admin/i18n-context";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { Modal } from "@/components/admin/ui/modal";
import { buttonClass, secondaryButtonClass } from "@/components/admin/ui/styles";

type AddResult = z.infer<typeof BulkAddToListResult>;
export type AddToListAction = (input: z.input<typeof BulkAddToListRequest>) => Promise<ActionResult<AddResult>>;

export interface BulkSelection {
  /** How many people the selection holds (the ticked rows, or the search's count). */
  count: number;
  /** Every row of this page is ticked and the search matches more than the page: offer "all N matching". */
  canSelectAllMatching: boolean;
  allMatching: boolean;
  /** What the server is sent. */
  selection: MemberSelectionInput;
  matchingCount: number;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

export function MemberBulkBar({ bulk, addToList }: { bulk: BulkSelection; addToList: AddToListAction | null }) {
  const lang = useLang();
  const t = membersBulkMessages(lang);
  const n = formatNumber(lang, bulk.count);
  const tooMany = bulk.count > BULK_MEMBERS_MAX;
  const exportUrl =
    "member_ids" in bulk.selection
      ? `/admin/api/members/export.csv?ids=${bulk.selection.member_ids.join(",")}`
      : `/admin/api/members/export.csv?matching=${encodeURIComponent(bulk.selection.matching)}`;
  return (
    <section
      aria-label={t.actions}
      className="flex flex-wrap items-center gap-3 rounded-lg border border-blue-200 bg-blue-50 p-3"
      data-testid="member-bulk-bar"
    >
      <p className="font-medium" aria-live="polite">
        {bulk.allMatching ? t.selectedAllMatching(n) : t.selectedCount(n)}
      </p>
      {bulk.canSelectAllMatching && !bulk.allMatching && (
        <button
          type="button"
          className="text-blue-800 underline hover:text-blue-950"
          onClick={bulk.onSelectAllMatching}
        >
          {t.selectAllMatching(formatNumber(lang, bulk.matchingCount))}
        </button>
      )}
      <button type="button" className="text-blue-800 underline hover:text-blue-950" onClick={bulk.onClear}>
        {t.clear}
      </button>
      {tooMany ? (
        <p role="alert" className="w-full text-red-900">
          {t.tooMany(formatNumber(lang, BULK_MEMBERS_MAX))}
        </p>
      ) : (
        <div className="ml-auto flex flex-wrap gap-3">
          {addToList && <AddToListDialog bulk={bulk} addToList={addToList} />}
          <ConfirmButton
            compact={false}
            label={t.exportSelected}
            title={t.exportTitle}
            body={<p>{bulk.count === 1 ? t.exportBodyOne : t.exportBody(n)}</p>}
            confirmLabel={t.exportConfirm}
            cancelLabel={t.cancel}
            onConfirm={() => window.location.assign(exportUrl)}
          />
        </div>
      )}
    </section>
  );
}

function AddToListDialog({ bulk, addToList }: { bulk: BulkSelection; addToList: AddToListAction }) {
  const lang = useLang();
  const t = membersBulkMessages(lang);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [listId, setListId] = useState("");
  const lists = useQuery({
    queryKey: queryKeys.lists.all,
    queryFn: () => fetchJson<z.infer<typeof DashboardListRow>[]>("/admin/api/lists"),
    enabled: open,
  });
  const chosen = lists.data?.find((l) => String(l.id) === listId);
  const mutation = useMutation({
    mutationFn: () => unwrap(addToList({ list_id: Number(listId), selection: bulk.selection })),
    onSuccess: (result) => {
      toast.success(t.addedToast(formatNumber(lang, result.added), chosen?.name ?? ""));
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all });
    },
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      mutation.reset();
      setListId("");
    }
  };
  const n = formatNumber(lang, bulk.count);
  const result = mutation.data;
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(true)}>
        {t.addToList}
      </button>
      <Modal open={open} onOpenChange={onOpenChange} title={t.addTitle} testId="member-bulk-add">
        {result ? (
          <div className="space-y-4">
            <h3 className="font-semibold">{t.resultTitle}</h3>
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="member-bulk-result">
              {(["added", "already_subscribed", "opted_out", "suppressed", "no_email", "other_organization"] as const)
                .filter((key) => key === "added" || result[key] > 0)
                .map((key) => (
                  <div key={key} className="contents">
                    <dt>{t.result[key]}</dt>
                    <dd className="text-right font-semibold">{formatNumber(lang, result[key])}</dd>
                  </div>
                ))}
            </dl>
            <div className="flex justify-end">
              <button type="button" className={buttonClass} onClick={() => onOpenChange(false)}>
                {t.close}
              </button>
            </div>
          </div>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (listId) mutation.mutate();
            }}
          >
            <SelectField
              id="bulk-list"
              label={t.list}
              value={listId}
              onChange={(e) => setListId(e.target.value)}
              required
            >
              <option value="">
                {lists.isLoading ? t.listsLoading : lists.data?.length === 0 ? t.noLists : t.chooseList}
              </option>
              {(lists.data ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({l.company_name})
                </option>
              ))}
            </SelectField>
            <p className="font-medium" data-testid="member-bulk-count">
              {chosen ? (bulk.count === 1 ? t.addBodyOne(chosen.name) : t.addBody(n, chosen.name)) : t.selectedCount(n)}
            </p>
            <p className="text-sm text-slate-700">{t.addRules}</p>
            {mutation.isError && (
              <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
                {failureText(t.failed, mutation.error)}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-3">
              <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
                {t.cancel}
              </button>
              <button type="submit" className={buttonClass} disabled={!listId || mutation.isPending}>
                {mutation.isPending ? t.adding : t.addConfirm}
              </button>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
