"use client";
// A company's grants: the active ones with their activation date, the others with an "activate" control (COMPANY.U,
// confirmed first: an activation is not undone here).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { companiesMessages } from "@/modules/companies/texts/companies";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { QueryState } from "@/components/admin/ui/query-state";
import { failureText as actionErrorText } from "@/components/admin/action-errors";
import type { CompanyActions, CompanyGrantRow } from "./types";
import { formatDate } from "@/lib/i18n/formats";
import { Panel } from "@/components/admin/ui/page-parts";

export function GrantsPanel({
  companyId,
  canWrite,
  activateGrant,
}: {
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
    <Panel id="grants" title={t.heading} spacing="">
      <QueryState query={query}>
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
                {canWrite && !grant.activated_at && (
                  <ActivateButton companyId={companyId} grant={grant} activateGrant={activateGrant} />
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Panel>
  );
}

function ActivateButton({
  companyId,
  grant,
  activateGrant,
}: {
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
    <ConfirmButton
      label={mutation.isPending ? t.grants.activating : t.grants.activate}
      ariaLabel={t.grants.activateLabel(grant.name)}
      title={t.grants.confirmTitle(grant.name)}
      body={t.grants.confirmBody}
      confirmLabel={mutation.isPending ? t.grants.activating : t.grants.activate}
      cancelLabel={t.grants.cancel}
      compact={false}
      open={open}
      onOpenChange={setOpen}
      pending={mutation.isPending}
      onConfirm={() => mutation.mutate()}
    />
  );
}
