"use client";
// The admin user forms: create (email, name, password, role, access) and change (role and access; only what changed is sent).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Controller, FormProvider, useForm, useFormContext } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { unwrap } from "@/lib/actions/result";
import { keyedZodResolver } from "@/lib/forms/keyed-zod-resolver";
import { accessMessages } from "@/modules/access/texts/access";
import { queryKeys } from "@/lib/query-keys";
import { ADMIN_ROLES, AccessGroupRequest, CreateAdminUserRequest } from "@/modules/access/schemas/access";
import { useLang } from "@/components/admin/i18n-context";
import { SelectField, TextField } from "@/components/ui/field";
import { AccessGroupFields, defaultAccess } from "./access-group-fields";
import type { AdminUserActions, AdminUserRow, Grantable } from "./types";
import { AccessFormFrame, accessErrors, useFieldText, useFormProblem } from "./form-parts";

type CreateIn = z.input<typeof CreateAdminUserRequest>;
type CreateOut = z.output<typeof CreateAdminUserRequest>;

/** The edit dialog's form: role and access (the id travels outside the form). */
const EditUserForm = z.object({ role: z.enum(ADMIN_ROLES), access: AccessGroupRequest });
type EditIn = z.input<typeof EditUserForm>;
type EditOut = z.output<typeof EditUserForm>;

const ACCESS_FIELDS = [
  "access.modules",
  "access.permissions",
  "access.company_ids",
  "access.include_descendants",
] as const;

/**
 * The role and the access group of both user forms, read from the form around them (react-hook-form's FormProvider):
 * both forms hold `role` and `access`, whatever else they hold.
 */
function RoleAndAccessFields({ roleId, grantable }: { roleId: string; grantable: Grantable }) {
  const m = accessMessages(useLang());
  const text = useFieldText();
  const { control, register, formState } = useFormContext<Pick<EditIn, "role" | "access">>();
  const { errors } = formState;
  return (
    <>
      <RoleField id={roleId} register={register("role")} error={text("role", errors.role)} />
      <Controller
        control={control}
        name="access"
        render={({ field }) => (
          <AccessGroupFields
            value={field.value}
            onChange={field.onChange}
            grantable={grantable}
            errors={accessErrors(m, text, errors.access)}
          />
        )}
      />
    </>
  );
}

function RoleField({ id, register, error }: { id: string; register: React.ComponentProps<"select">; error?: string }) {
  const m = accessMessages(useLang());
  const help = (
    <ul className="space-y-0.5">
      {ADMIN_ROLES.map((role) => (
        <li key={role}>
          <strong className="font-medium">{m.roles[role]}:</strong> {m.roleHelp[role]}
        </li>
      ))}
    </ul>
  );
  return (
    <SelectField id={id} label={m.users.role} help={help} error={error} {...register}>
      {ADMIN_ROLES.map((role) => (
        <option key={role} value={role}>
          {m.roles[role]}
        </option>
      ))}
    </SelectField>
  );
}

export function CreateUserForm({
  grantable,
  createAdminUser,
  onDone,
}: {
  grantable: Grantable;
  createAdminUser: AdminUserActions["createAdminUser"];
  onDone: () => void;
}) {
  const m = accessMessages(useLang());
  const t = m.users;
  const text = useFieldText();
  const queryClient = useQueryClient();
  const form = useForm<CreateIn, unknown, CreateOut>({
    resolver: keyedZodResolver(CreateAdminUserRequest),
    defaultValues: { email: "", name: "", password: "", role: "VIEWER", access: defaultAccess(grantable) },
  });
  const { errors } = form.formState;
  const { problem, setProblem, fail } = useFormProblem(form.setError, [
    "email",
    "name",
    "password",
    "role",
    ...ACCESS_FIELDS,
  ]);
  const mutation = useMutation({
    mutationFn: (values: CreateOut) => unwrap(createAdminUser(values)),
    onSuccess: (user) => {
      toast.success(t.created(user.email));
      queryClient.setQueryData<AdminUserRow[]>(queryKeys.adminUsers, (rows) =>
        rows ? [...rows, user].sort((a, b) => a.email.localeCompare(b.email)) : rows,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      onDone();
    },
    onError: fail,
  });
  const onSubmit = form.handleSubmit((values) => {
    setProblem(null);
    mutation.mutate(values);
  });
  const input = (name: "email" | "name" | "password", type: string, autoComplete: string, help?: string) => {
    // Not "email": its field-specific text speaks to the person filling in their own address (the hosted forms).
    const error = text(name === "email" ? "user_email" : name, errors[name]);
    return (
      <TextField
        id={`user-${name}`}
        label={t[name]}
        help={help}
        helpAbove
        type={type}
        autoComplete={autoComplete}
        error={error}
        {...form.register(name)}
      />
    );
  };
  return (
    <AccessFormFrame
      onSubmit={onSubmit}
      problem={problem}
      actions={{
        cancel: t.cancel,
        submit: mutation.isPending ? t.submitting : t.submit,
        pending: mutation.isPending,
        onCancel: onDone,
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {input("email", "email", "off")}
        {input("name", "text", "off")}
      </div>
      {input("password", "password", "new-password", t.passwordHelp)}
      <FormProvider {...form}>
        <RoleAndAccessFields roleId="user-role" grantable={grantable} />
      </FormProvider>
    </AccessFormFrame>
  );
}

export function EditUserFormView({
  user,
  grantable,
  updateAdminUser,
  onDone,
}: {
  user: AdminUserRow;
  grantable: Grantable;
  updateAdminUser: AdminUserActions["updateAdminUser"];
  onDone: () => void;
}) {
  const m = accessMessages(useLang());
  const t = m.users;
  const queryClient = useQueryClient();
  const form = useForm<EditIn, unknown, EditOut>({
    resolver: keyedZodResolver(EditUserForm),
    defaultValues: { role: user.role as EditIn["role"], access: user.access },
  });
  const { problem, setProblem, fail } = useFormProblem(form.setError, ["role", ...ACCESS_FIELDS]);
  const mutation = useMutation({
    mutationFn: (values: { role?: EditOut["role"]; access?: EditOut["access"] }) =>
      unwrap(updateAdminUser({ id: user.id, ...values })),
    onSuccess: (updated) => {
      toast.success(t.saved(updated.email));
      queryClient.setQueryData<AdminUserRow[]>(queryKeys.adminUsers, (rows) =>
        rows?.map((row) => (row.id === updated.id ? updated : row)),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers });
      onDone();
    },
    onError: fail,
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
    <AccessFormFrame
      onSubmit={onSubmit}
      problem={problem}
      actions={{
        cancel: t.cancel,
        submit: mutation.isPending ? t.saving : t.save,
        pending: mutation.isPending,
        onCancel: onDone,
      }}
    >
      <FormProvider {...form}>
        <RoleAndAccessFields roleId="edit-role" grantable={grantable} />
      </FormProvider>
    </AccessFormFrame>
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
