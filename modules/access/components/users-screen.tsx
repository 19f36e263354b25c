"use client";
// /admin/users: the dashboard users inside the ADMIN's scope; create one, change a role or access, deactivate or
// reactivate (confirmed). The signed-in ADMIN's own row cannot be changed: the service refuses, so the controls say why.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createColumnHelper } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { unwrap } from "@/lib/actions/result";
import { fetchJson } from "@/lib/client/fetch-json";
import { accessMessages } from "@/modules/access/texts/access";
import { queryKeys } from "@/lib/query-keys";
import { useLang } from "@/components/admin/i18n-context";
import { secondaryButtonClass } from "@/components/admin/ui/styles";
import { useGrantableCompanies } from "./access-group-fields";
import { NameList, ScopeSummary } from "./access-summary";
import { failureText as actionErrorText } from "@/components/admin/action-errors";
import { ConfirmButton } from "@/components/admin/ui/confirm-button";
import { Modal } from "@/components/admin/ui/modal";
import { PageTitle } from "@/components/admin/ui/page-parts";
import type { AdminUserActions, AdminUserRow, Grantable } from "./types";
import { QueryTable } from "@/components/admin/ui/query-table";
import { CreateUserForm, EditUserFormView } from "./user-forms";

// One empty list for every render while loading: TanStack Table resets its state when `data` changes identity, and
// a new [] on each render loops (a click during hydration made that a synchronous loop that froze the page).

export function UsersScreen({
  grantable,
  currentUserId,
  actions,
}: {
  grantable: Grantable;
  currentUserId: number | null;
  actions: AdminUserActions;
}) {
  const t = accessMessages(useLang()).users;
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  return (
    <>
      <PageTitle title={t.title} intro={t.intro} action={{ label: t.create, onClick: () => setCreating(true) }} />
      <UserTable currentUserId={currentUserId} updateAdminUser={actions.updateAdminUser} onEdit={setEditing} />
      <Modal open={creating} onOpenChange={setCreating} title={t.createTitle} wide>
        <CreateUserForm
          grantable={grantable}
          createAdminUser={actions.createAdminUser}
          onDone={() => setCreating(false)}
        />
      </Modal>
      <Modal
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing ? t.editTitle(editing.email) : ""}
        wide
      >
        {editing && (
          <EditUserFormView
            key={editing.id}
            user={editing}
            grantable={grantable}
            updateAdminUser={actions.updateAdminUser}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </>
  );
}

function UserTable({
  currentUserId,
  updateAdminUser,
  onEdit,
}: {
  currentUserId: number | null;
  updateAdminUser: AdminUserActions["updateAdminUser"];
  onEdit: (user: AdminUserRow) => void;
}) {
  const lang = useLang();
  const m = accessMessages(lang);
  const t = m.users;
  const query = useQuery({
    queryKey: queryKeys.adminUsers,
    queryFn: () => fetchJson<AdminUserRow[]>("/admin/api/users"),
  });
  const companies = useGrantableCompanies();
  const queryClient = useQueryClient();

  const setActive = useMutation({
    mutationFn: (v: { user: AdminUserRow; active: boolean }) =>
      unwrap(updateAdminUser({ id: v.user.id, active: v.active })),
    onMutate: async ({ user, active }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.adminUsers });
      const previous = queryClient.getQueryData<AdminUserRow[]>(queryKeys.adminUsers);
      queryClient.setQueryData<AdminUserRow[]>(queryKeys.adminUsers, (rows) =>
        rows?.map((row) => (row.id === user.id ? { ...row, active } : row)),
      );
      return { previous };
    },
    onError: (error, _v, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.adminUsers, context.previous);
      toast.error(actionErrorText(m.errors, error));
    },
    onSuccess: (_user, { user, active }) =>
      toast.success(active ? t.reactivated(user.email) : t.deactivated(user.email)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers }),
  });
  const changeActive = setActive.mutate;

  const columns = useMemo(() => {
    const col = createColumnHelper<AdminUserRow>();
    return [
      col.accessor("email", {
        header: t.col.person,
        cell: (c) => (
          <>
            <span className="block font-medium">
              {c.row.original.name}
              {c.row.original.id === currentUserId && (
                <span className="ml-1 font-normal text-slate-700">({t.you})</span>
              )}
            </span>
            <span className="block [overflow-wrap:anywhere]">{c.getValue()}</span>
          </>
        ),
      }),
      col.accessor("role", { header: t.col.role, cell: (c) => m.roles[c.getValue()] ?? c.getValue() }),
      col.display({
        id: "access",
        header: t.col.access,
        cell: (c) => {
          const access = c.row.original.access;
          return (
            <div className="space-y-1">
              <NameList items={access.modules} labels={m.modules} />
              {access.permissions.length > 0 && (
                <div className="text-xs text-slate-700">
                  <NameList items={access.permissions} labels={m.permissions} />
                </div>
              )}
            </div>
          );
        },
      }),
      col.display({
        id: "scope",
        header: t.col.scope,
        cell: (c) => (
          <ScopeSummary
            companyIds={c.row.original.access.company_ids}
            includeDescendants={c.row.original.access.include_descendants}
            companies={companies.data}
          />
        ),
      }),
      col.accessor("active", {
        header: t.col.active,
        cell: (c) =>
          c.getValue() ? (
            <span className="font-medium text-green-800">{t.active}</span>
          ) : (
            <span className="font-medium text-red-800">{t.inactive}</span>
          ),
      }),
      col.accessor("two_factor", {
        header: t.col.twoFactor,
        cell: (c) => (c.getValue() ? t.twoFactorOn : t.twoFactorOff),
      }),
      col.display({
        id: "actions",
        header: () => <span className="sr-only">{t.col.actions}</span>,
        cell: (c) => {
          const user = c.row.original;
          const own = user.id === currentUserId;
          const noteId = own ? `own-row-note-${user.id}` : undefined;
          return (
            <div className="flex flex-col items-start gap-2">
              <div className="flex flex-wrap gap-2">
                {/* A leader's account has no role or access to edit (it reaches what its member leads). */}
                {user.role !== "LEADER" && (
                  <button
                    type="button"
                    className={`${secondaryButtonClass} px-3 py-1.5`}
                    aria-label={t.editLabel(user.email)}
                    aria-describedby={noteId}
                    disabled={own}
                    onClick={() => onEdit(user)}
                  >
                    {t.edit}
                  </button>
                )}
                <ConfirmButton
                  danger={user.active}
                  disabled={own}
                  describedBy={noteId}
                  label={user.active ? t.deactivate : t.reactivate}
                  ariaLabel={user.active ? t.deactivateLabel(user.email) : t.reactivateLabel(user.email)}
                  title={user.active ? t.deactivateTitle(user.email) : t.reactivateTitle(user.email)}
                  body={user.active ? t.deactivateBody : t.reactivateBody}
                  confirmLabel={user.active ? t.deactivate : t.reactivate}
                  cancelLabel={t.cancel}
                  onConfirm={() => changeActive({ user, active: !user.active })}
                />
              </div>
              {own && (
                <p id={noteId} className="max-w-56 text-xs text-slate-700">
                  {t.ownRow}
                </p>
              )}
            </div>
          );
        },
      }),
    ];
  }, [t, m, currentUserId, companies.data, changeActive, onEdit]);

  return (
    <QueryTable
      query={query}
      columns={columns}
      getRowId={(row) => String(row.id)}
      label={t.tableLabel}
      testId="admin-users"
      rowProps={(row) => ({
        "data-email": row.original.email,
        className: row.original.active ? "" : "bg-slate-50 text-slate-700",
      })}
    />
  );
}
