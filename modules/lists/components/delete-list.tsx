"use client";
// Deleting a list, behind a confirmation that says what is lost (counted when the dialog opens); then back to the
// table with a toast.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { fill } from "@/lib/i18n/fill";
import { listsMessages } from "@/modules/lists/texts/lists";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import type { DeletionImpact, ListActions, ListView } from "./types";
import { formatNumber } from "@/lib/i18n/formats";
import { failureText } from "@/components/admin/action-errors";
import { Panel } from "@/components/admin/ui/page-parts";

export function DeleteListSection({ list, deleteList }: { list: ListView; deleteList: ListActions["deleteList"] }) {
  const lang = useLang();
  const t = listsMessages(lang);
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const impact = useQuery({
    queryKey: queryKeys.lists.impact(list.id),
    queryFn: () => fetchJson<DeletionImpact>(`/admin/api/lists/${list.id}/impact`),
    enabled: open,
    staleTime: 0,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(deleteList({ id: list.id })),
    onSuccess: () => {
      setOpen(false);
      queryClient.removeQueries({ queryKey: queryKeys.lists.one(list.id) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists.all, exact: true });
      toast.success(fill(t.edit.deleted, { name: list.name }));
      router.push("/admin/lists");
    },
    onError: (error) => toast.error(failureText(t.common, error)),
  });

  return (
    <Panel id="danger" title={t.edit.danger} intro={t.edit.deleteIntro} danger>
      <ConfirmButton
        label={t.edit.delete}
        title={fill(t.edit.deleteTitle, { name: list.name })}
        body={
          <>
            <p aria-live="polite">
              {impact.data
                ? fill(t.edit.deleteImpact, {
                    active: formatNumber(lang, impact.data.active_subscribers),
                    total: formatNumber(lang, impact.data.subscriptions),
                  })
                : impact.isError
                  ? failureText(t.common, impact.error)
                  : t.edit.deleteImpactLoading}
            </p>
            <p className="font-medium">{t.edit.cannotUndo}</p>
          </>
        }
        confirmLabel={remove.isPending ? t.edit.deleting : t.edit.confirmDelete}
        cancelLabel={t.common.cancel}
        danger
        compact={false}
        open={open}
        onOpenChange={setOpen}
        pending={remove.isPending}
        confirmDisabled={impact.isLoading}
        onConfirm={() => remove.mutate()}
      />
    </Panel>
  );
}
