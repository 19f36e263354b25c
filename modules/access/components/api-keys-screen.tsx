"use client";
// /admin/api-keys: the keys of the companies in the ADMIN's scope, a form that creates one (the client_secret is then
// shown once, in a dialog), and revoking with a confirmation (the row changes at once, a failure puts it back).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { accessMessages } from "@/modules/access/texts/access";
import { formatDate } from "@/lib/i18n/formats";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { useGrantableCompanies } from "./access-group-fields";
import { KeyAccess } from "./access-summary";
import { failureText as actionErrorText } from "@/components/admin/action-errors";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { Modal } from "@/components/admin/ui/modal";
import { PageTitle } from "@/components/admin/ui/page-parts";
import type { ApiKeyActions, ApiKeyRow, CreatedApiKey, Grantable } from "./types";
import { SecretDialog } from "./api-key-secret-dialog";
import { CreateApiKeyForm } from "./create-api-key-form";
import { QueryTable } from "@/components/admin/ui/query-table";

// One empty list for every render while loading: TanStack Table resets its state when `data` changes identity, and
// a new [] on each render loops (a click during hydration made that a synchronous loop that froze the page).

export function ApiKeysScreen({ grantable, actions }: { grantable: Grantable; actions: ApiKeyActions }) {
  const t = accessMessages(useLang()).keys;
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} action={{ label: t.create, onClick: () => setCreating(true) }} />
      <ApiKeyTable revokeApiKey={actions.revokeApiKey} />
      <Modal open={creating} onOpenChange={setCreating} title={t.createTitle} description={t.createIntro} wide>
        <CreateApiKeyForm
          grantable={grantable}
          createApiKey={actions.createApiKey}
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      </Modal>
      {/* Closing drops the secret from memory: nothing can show it again. */}
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </>
  );
}

function ApiKeyTable({ revokeApiKey }: { revokeApiKey: ApiKeyActions["revokeApiKey"] }) {
  const lang = useLang();
  const m = accessMessages(lang);
  const t = m.keys;
  const query = useQuery({
    queryKey: queryKeys.apiKeys.all,
    queryFn: () => fetchJson<ApiKeyRow[]>("/admin/api/api-keys"),
  });
  const companies = useGrantableCompanies();
  const queryClient = useQueryClient();

  const revoke = useMutation({
    mutationFn: (key: ApiKeyRow) => unwrap(revokeApiKey({ client_id: key.client_id })),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.apiKeys.all });
      const previous = queryClient.getQueryData<ApiKeyRow[]>(queryKeys.apiKeys.all);
      const now = new Date().toISOString();
      queryClient.setQueryData<ApiKeyRow[]>(queryKeys.apiKeys.all, (rows) =>
        rows?.map((row) => (row.client_id === key.client_id ? { ...row, revoked_at: row.revoked_at ?? now } : row)),
      );
      return { previous };
    },
    onError: (error, _key, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.apiKeys.all, context.previous);
      toast.error(actionErrorText(m.errors, error));
    },
    onSuccess: (_result, key) => toast.success(t.revoked(key.name)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.all }),
  });
  const revokeKey = revoke.mutate;

  const columns = useMemo(() => {
    const col = createColumnHelper<ApiKeyRow>();
    const when = (iso: string | null) => (iso ? formatDate(lang, "dateTime", iso) : t.never);
    return [
      col.accessor("name", {
        header: t.col.name,
        cell: (c) => (
          <>
            <span className="font-medium">{c.getValue()}</span>
            <code className="mt-0.5 block break-all text-xs text-slate-700" data-testid="client-id">
              {c.row.original.client_id}
            </code>
          </>
        ),
      }),
      col.accessor("company_name", { header: t.col.company }),
      col.display({
        id: "access",
        header: t.col.access,
        cell: (c) => <KeyAccess apiKey={c.row.original} companies={companies.data} />,
      }),
      col.accessor("created_at", { header: t.col.created, cell: (c) => when(c.getValue()) }),
      col.accessor("last_used_at", { header: t.col.lastUsed, cell: (c) => when(c.getValue()) }),
      col.accessor("revoked_at", {
        header: t.col.status,
        cell: (c) => {
          const revoked = c.getValue();
          return revoked ? (
            <span className="font-medium text-red-800">{t.revokedAt(formatDate(lang, "dateTime", revoked))}</span>
          ) : (
            <span className="font-medium text-green-800">{t.active}</span>
          );
        },
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t.col.actions}</span>,
        cell: (c) => {
          const key = c.row.original;
          if (key.revoked_at) return null;
          return (
            <ConfirmButton
              danger
              label={t.revoke}
              ariaLabel={t.revokeLabel(key.name)}
              title={t.revokeTitle(key.name)}
              body={t.revokeBody}
              confirmLabel={t.revoke}
              cancelLabel={t.cancel}
              onConfirm={() => revokeKey(key)}
            />
          );
        },
      }),
    ];
  }, [lang, t, companies.data, revokeKey]);

  return (
    <QueryTable
      query={query}
      columns={columns}
      getRowId={(row) => row.client_id}
      label={t.tableLabel}
      testId="api-keys"
      rowProps={(row) => ({
        "data-client-id": row.original.client_id,
        className: row.original.revoked_at ? "bg-slate-50 text-slate-700" : "",
      })}
    />
  );
}
