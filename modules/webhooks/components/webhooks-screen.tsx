"use client";
// /admin/webhooks: a company's webhook endpoints (chosen from the companies in the staff member's scope), adding and
// changing them, and the signing secret shown once after creating one or asking for a new one.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "@/lib/client/fetch-json";
import { webhooksMessages } from "@/modules/webhooks/texts/webhooks";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { CompanyPicker } from "@/components/admin/ui/company-options";
import { QueryState } from "@/components/admin/ui/query-state";
import { buttonClass } from "@/components/admin/ui/styles";
import { EndpointCard } from "./endpoint-card";
import { EndpointDialog } from "./endpoint-dialog";
import { WebhookSecretDialog } from "./secret-dialog";
import type { Endpoint, WebhookActions } from "./types";

export function WebhooksScreen({
  companies,
  companyId,
  canWrite,
  actions,
}: {
  companies: { company_id: string; name: string }[];
  companyId: string;
  canWrite: boolean;
  actions: WebhookActions;
}) {
  const t = webhooksMessages(useLang());
  const [dialog, setDialog] = useState<{ editing: Endpoint | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const query = useQuery({
    queryKey: queryKeys.webhooks.ofCompany(companyId),
    queryFn: () => fetchJson<Endpoint[]>(`/admin/api/webhooks?company_id=${encodeURIComponent(companyId)}`),
    enabled: companyId !== "",
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <CompanyPicker
          id="webhooks-company"
          label={t.company}
          placeholder={t.chooseCompany}
          companies={companies}
          companyId={companyId}
        />
        {canWrite && companyId && (
          <button type="button" className={buttonClass} onClick={() => setDialog({ editing: null })}>
            {t.add}
          </button>
        )}
      </div>
      {companyId && (
        <QueryState query={query} isEmpty={query.data?.length === 0} emptyText={t.none}>
          <ul aria-label={t.endpoints} className="space-y-4">
            {query.data?.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                canWrite={canWrite}
                actions={actions}
                onEdit={() => setDialog({ editing: endpoint })}
                onSecret={setSecret}
              />
            ))}
          </ul>
        </QueryState>
      )}
      {canWrite && (
        <EndpointDialog
          open={dialog !== null}
          editing={dialog?.editing ?? null}
          companyId={companyId}
          onClose={() => setDialog(null)}
          onCreated={setSecret}
          actions={actions}
        />
      )}
      <WebhookSecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
