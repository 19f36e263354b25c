"use client";
// A company's grants: the active ones with their activation date, the others with an "activate" control (COMPANY.U,
// confirmed first: an activation is not undone here).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { companiesMessages } from "@/lib/i18n/admin/companies";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "../i18n-context";
import { QueryState } from "../ui/query-state";
import { buttonClass, secondaryButtonClass } from "../ui/styles";
import { failureText as actionErrorText } from "../action-errors";
import type { CompanyActions, CompanyGrantRow } from "./types";
import { formatDate } from "@/lib/i18n/formats";

export function GrantsPanel({ companyId, canWrite, activateGrant }: {
  companyId: string;
  canWrite: boolean;
  activateGrant: CompanyActions["activateGrant"];
}) {
  const lang = useLang();
  const t = companiesMessages(lang).grants;
  const query = useQuery({
    queryKey: queryKeys.companies.grants(companyId),
    queryFn: () => fetchJson<CompanyGrantRow[]>(`/admin/api/companies/${companyId}/grants`),
  });
  const grants = query.data ?? [];
  return (
    <section aria-labelledby="grants-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="grants-heading" className="text-lg font-semibold">
        {t.heading}
      </h2>
      <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        {grants.length === 0 ? (
          <p className="mt-2 text-slate-700">{t.none}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200" data-testid="grants">
            {grants.map((grant) => (
              <li key={grant.grant_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{grant.name}</p>
                  {grant.descr && <p className="text-sm text-slate-700">{grant.descr}</p>}
                  <p className={`mt-1 text-sm ${grant.activated_at ? "font-medium text-green-800" : "text-slate-700"}`}>
                    {grant.activated_at ? t.activeSince(formatDate(lang, "dateTime", grant.activated_at)) : t.notActive}
                  </p>
                </div>
                {canWrite && !grant.activated_at && <ActivateButton companyId={companyId} grant={grant} activateGrant={activateGrant} />}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

function ActivateButton({ companyId, grant, activateGrant }: {
  companyId: string;
  grant: CompanyGrantRow;
  activateGrant: CompanyActions["activateGrant"];
}) {
  const t = companiesMessages(useLang());
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => unwrap(activateGrant({ company_id: companyId, grant_id: grant.grant_id })),
    onSuccess: (result) => {
      setOpen(false);
      toast.success(t.grants.activated(grant.name));
      queryClient.setQueryData<CompanyGrantRow[]>(queryKeys.companies.grants(companyId), (old) =>
        old?.map((g) => (g.grant_id === result.grant_id ? { ...g, activated_at: result.activated_at } : g)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.companies.grants(companyId) });
    },
    onError: (error) => {
      setOpen(false);
      toast.error(actionErrorText(t.errors, error));
    },
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <button type="button" className={secondaryButtonClass} aria-label={t.grants.activateLabel(grant.name)} disabled={mutation.isPending}>
          {mutation.isPending ? t.grants.activating : t.grants.activate}
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold">{t.grants.confirmTitle(grant.name)}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{t.grants.confirmBody}</AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <button type="button" className={secondaryButtonClass}>
                {t.grants.cancel}
              </button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes the dialog before the activation has answered. */}
            <button type="button" className={buttonClass} onClick={() => mutation.mutate()} disabled={mutation.isPending}>
              {mutation.isPending ? t.grants.activating : t.grants.activate}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
