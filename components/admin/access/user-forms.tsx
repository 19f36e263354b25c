"use client";
// The admin user forms: create (email, name, password, role, access) and change (role and access; only what changed is sent).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accessMessages, type AccessMessages } from "@/lib/i18n/admin/access";
import { fieldErrorText } from "@/lib/i18n/field-errors";
import { queryKeys } from "@/lib/query-keys";
import { ADMIN_ROLES, AccessGroupRequest, CreateAdminUserRequest } from "@/lib/validation/access";
import { useLang } from "../i18n-context";
import { buttonClass, inputClass, secondaryButtonClass } from "../styles";
import { AccessGroupFields, companyIdsText, defaultAccess, type AccessFieldErrors } from "./access-group-fields";
import { failureText as actionErrorText, showFieldErrors } from "../action-errors";
import { businessRuleText } from "./action-errors";
import type { AdminUserActions, AdminUserRow, Grantable } from "./types";

type CreateIn = z.input<typeof CreateAdminUserRequest>;
type CreateOut = z.output<typeof CreateAdminUserRequest>;

/** The edit dialog's form: role and access (the id travels outside the form). */
const EditUserForm = z.object({ role: z.enum(ADMIN_ROLES), access: AccessGroupRequest });
type EditIn = z.input<typeof EditUserForm>;
type EditOut = z.output<typeof EditUserForm>;

const ACCESS_FIELDS = ["access.modules", "access.permissions", "access.company_ids", "access.include_descendants"] as const;

type ErrorLike = { type?: unknown; message?: string } | undefined;

function useFieldText() {
  const lang = useLang();
  return (field: string, error: ErrorLike) =>
    error ? fieldErrorText(lang, field, typeof error.type === "string" ? error.type : undefined, error.message) : undefined;
}

function accessErrors(m: AccessMessages, text: ReturnType<typeof useFieldText>, errors: { modules?: ErrorLike; permissions?: ErrorLike; company_ids?: ErrorLike; include_descendants?: ErrorLike } | undefined): AccessFieldErrors {
  return {
    modules: text("access.modules", errors?.modules),
    permissions: text("access.permissions", errors?.permissions),
    company_ids: companyIdsText(m, text("access.company_ids", errors?.company_ids), errors?.company_ids),
    include_descendants: text("access.include_descendants", errors?.include_descendants),
  };
}

function RoleField({ id, register, error }: { id: string; register: React.ComponentProps<"select">; error?: string }) {
  const m = accessMessages(useLang());
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {m.users.role}
      </label>
      <select
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
        {...register}
      >
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {m.roles[role]}
          </option>
        ))}
      </select>
      <ul id={`${id}-help`} className="mt-1 space-y-0.5 text-sm text-slate-700">
        {ADMIN_ROLES.map((role) => (
          <li key={role}>
            <strong className="font-medium">{m.roles[role]}:</strong> {m.roleHelp[role]}
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

export function CreateUserForm({ grantable, createAdminUser, onDone }: {
  grantable: Grantable;
  createAdminUser: AdminUserActions["createAdminUser"];
  onDone: () => void;
}) {
  const m = accessMessages(useLang());
  const t = m.users;
  const text = useFieldText();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CreateIn, unknown, CreateOut>({
    resolver: keyedZodResolver(CreateAdminUserRequest),
    defaultValues: { email: "", name: "", password: "", role: "VIEWER", access: defaultAccess(grantable) },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: CreateOut) => unwrap(createAdminUser(values)),
    onSuccess: (user) => {
      toast.success(t.created(user.email));
      queryClient.setQueryData<AdminUserRow[]>(queryKeys.adminUsers, (rows) => (rows ? [...rows, user].sort((a, b) => a.email.localeCompare(b.email)) : rows));
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      onDone();
    },
    onError: (error) => {
      const onFields = showFieldErrors(form.setError, error, ["email", "name", "password", "role", ...ACCESS_FIELDS], (field) => businessRuleText(m.errors, field));
      setProblem(onFields ? m.errors.invalid : actionErrorText(m.errors, error));
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setProblem(null);
    mutation.mutate(values);
  });
  const input = (name: "email" | "name" | "password", type: string, autoComplete: string, help?: string) => {
    // Not "email": its field-specific text speaks to the person filling in their own address (the hosted forms).
    const error = text(name === "email" ? "user_email" : name, errors[name]);
    const id = `user-${name}`;
    const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={id} className="block font-medium">
          {t[name]}
        </label>
        {help && (
          <p id={`${id}-help`} className="text-sm text-slate-700">
            {help}
          </p>
        )}
        <input id={id} type={type} autoComplete={autoComplete} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...form.register(name)} />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {problem && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {input("email", "email", "off")}
        {input("name", "text", "off")}
      </div>
      {input("password", "password", "new-password", t.passwordHelp)}
      <RoleField id="user-role" register={form.register("role")} error={text("role", errors.role)} />
      <Controller
        control={form.control}
        name="access"
        render={({ field }) => (
          <AccessGroupFields value={field.value} onChange={field.onChange} grantable={grantable} errors={accessErrors(m, text, errors.access)} />
        )}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          {t.cancel}
        </button>
        <button type="submit" className={buttonClass} disabled={mutation.isPending}>
          {mutation.isPending ? t.submitting : t.submit}
        </button>
      </div>
    </form>
  );
}

export function EditUserFormView({ user, grantable, updateAdminUser, onDone }: {
  user: AdminUserRow;
  grantable: Grantable;
  updateAdminUser: AdminUserActions["updateAdminUser"];
  onDone: () => void;
}) {
  const m = accessMessages(useLang());
  const t = m.users;
  const text = useFieldText();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<EditIn, unknown, EditOut>({
    resolver: keyedZodResolver(EditUserForm),
    defaultValues: { role: user.role as EditIn["role"], access: user.access },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: { role?: EditOut["role"]; access?: EditOut["access"] }) => unwrap(updateAdminUser({ id: user.id, ...values })),
    onSuccess: (updated) => {
      toast.success(t.saved(updated.email));
      queryClient.setQueryData<AdminUserRow[]>(queryKeys.adminUsers, (rows) => rows?.map((row) => (row.id === updated.id ? updated : row)));
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      onDone();
    },
    onError: (error) => {
      const onFields = showFieldErrors(form.setError, error, ["role", ...ACCESS_FIELDS], (field) => businessRuleText(m.errors, field));
      setProblem(onFields ? m.errors.invalid : actionErrorText(m.errors, error));
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setProblem(null);
    // Only what changed: a new access group is written only when the access did change.
    const changes = {
      ...(values.role !== user.role ? { role: values.role } : {}),
      ...(sameAccess(values.access, user.access) ? {} : { access: values.access }),
    };
    if (Object.keys(changes).length === 0) {
      setProblem(t.nothingChanged);
      return;
    }
    mutation.mutate(changes);
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {problem && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <RoleField id="edit-role" register={form.register("role")} error={text("role", errors.role)} />
      <Controller
        control={form.control}
        name="access"
        render={({ field }) => (
          <AccessGroupFields value={field.value} onChange={field.onChange} grantable={grantable} errors={accessErrors(m, text, errors.access)} />
        )}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          {t.cancel}
        </button>
        <button type="submit" className={buttonClass} disabled={mutation.isPending}>
          {mutation.isPending ? t.saving : t.save}
        </button>
      </div>
    </form>
  );
}

function sameAccess(a: EditOut["access"], b: AdminUserRow["access"]): boolean {
  const sorted = (list: readonly string[] | null) => (list === null ? null : [...list].sort().join(","));
  return (
    sorted(a.modules) === sorted(b.modules) &&
    sorted(a.permissions) === sorted(b.permissions) &&
    sorted(a.company_ids) === sorted(b.company_ids) &&
    // Sub-companies matter only for a list of companies.
    (a.company_ids === null || a.include_descendants === b.include_descendants)
  );
}
