"use client";
// /admin/companies/[id]: register fields, leisure-card status with its history, grants, the leisure-card key and the
// approved-provider check. Without COMPANY.U (`canWrite` false) everything is shown read-only.
import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { QueryState } from "@/components/admin/ui/query-state";
import { FkStatusPanel } from "./fk-status-panel";
import { GrantsPanel } from "./grants-panel";
import { LeisureCardPanel } from "./leisure-card-panel";
import { RegisterDetails } from "./register-details";
import type { CompanyActions, CompanyDetail } from "./types";

export function CompanyView({
  initial,
  canWrite,
  actions,
}: {
  initial: CompanyDetail;
  canWrite: boolean;
  actions: CompanyActions;
}) {
  const id = initial.company_id;
  const query = useQuery({
    queryKey: queryKeys.companies.one(id),
    queryFn: () => fetchJson<CompanyDetail>(`/admin/api/companies/${id}`),
    initialData: initial,
  });
  const company = query.data;
  return (
    <QueryState query={query}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <RegisterDetails company={company} />
          <GrantsPanel companyId={id} canWrite={canWrite} activateGrant={actions.activateGrant} />
        </div>
        <div className="space-y-6">
          <FkStatusPanel company={company} canWrite={canWrite} changeFkStatus={actions.changeFkStatus} />
          <LeisureCardPanel
            companyId={id}
            orgNumber={company.org_number}
            canWrite={canWrite}
            setLeisureCardKey={actions.setLeisureCardKey}
            checkProviderStatus={actions.checkProviderStatus}
          />
        </div>
      </div>
    </QueryState>
  );
}
