// Access vocabulary and the forms that grant it (API keys, admin users, login). Imports nothing from the server, so
// dashboard forms validate with the same schemas the services use.
import { z } from "zod";
import { CompanyId, requiredText } from "@/lib/validation/common";

export const MODULES = ["company", "subscription_list", "member", "event", "activity", "sendout", "webhook"] as const;
export type Module = (typeof MODULES)[number];

export const PERMISSIONS = [
  "COMPANY.U",
  "SUBSCRIPTION_LIST.U",
  "MEMBER.U",
  "PERSONAL_NUMBER.U",
  "EVENT.U",
  "ACTIVITY.U",
  "ATTENDANCE.U",
  "SENDOUT.U",
  "WEBHOOK.U",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Dashboard roles. A role caps what the user's access group grants: VIEWER reads only, EDITOR writes within the
 * group's permissions, ADMIN also manages API keys and admin users (within its own modules and scope).
 */
export const ADMIN_ROLES = ["ADMIN", "EDITOR", "VIEWER"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * An activity's leader signed in to the dashboard: no access group's rights, only the activities their member leads
 * (read them, record their attendance). Not among ADMIN_ROLES: nobody grants it by editing a user; an invitation
 * makes it (modules/access/services/leader-accounts.ts).
 */
export const LEADER_ROLE = "LEADER";
export type DashboardRole = AdminRole | typeof LEADER_ROLE;

export const AccessGroupRequest = z.object({
  modules: z.array(z.enum(MODULES, { error: `must be one of ${MODULES.join(", ")}` })).default([...MODULES]),
  permissions: z.array(z.enum(PERMISSIONS, { error: `must be one of ${PERMISSIONS.join(", ")}` })).default([]),
  /** null: every company; otherwise the listed companies (at least one). */
  company_ids: z
    .array(CompanyId)
    .min(1, { error: "list at least one company, or choose all" })
    .max(100)
    .nullable()
    .default(null),
  include_descendants: z.boolean({ error: "must be true or false" }).default(true),
});
export type AccessGroupRequestInput = z.input<typeof AccessGroupRequest>;
export type AccessGroupValues = z.output<typeof AccessGroupRequest>;

const name = requiredText(200);

export const CreateApiKeyRequest = z.object({
  name,
  /** The key's own company (GET /v3/company answers it); must be inside the creator's scope. */
  company_id: CompanyId,
  access: AccessGroupRequest,
});
export type CreateApiKeyInput = z.output<typeof CreateApiKeyRequest>;

const Email = z
  .string({ error: "required" })
  .trim()
  .min(1, { error: "required" })
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be a valid email address" }));

export const Password = z.string({ error: "required" }).min(12, { error: "must be at least 12 characters" }).max(200);

export const CreateAdminUserRequest = z.object({
  email: Email,
  name,
  password: Password,
  role: z.enum(ADMIN_ROLES, { error: `must be one of ${ADMIN_ROLES.join(", ")}` }),
  access: AccessGroupRequest,
});
export type CreateAdminUserInput = z.output<typeof CreateAdminUserRequest>;

export const UpdateAdminUserRequest = z.object({
  id: z.number().int().positive(),
  role: z.enum(ADMIN_ROLES, { error: `must be one of ${ADMIN_ROLES.join(", ")}` }).optional(),
  access: AccessGroupRequest.optional(),
  active: z.boolean().optional(),
});
export type UpdateAdminUserInput = z.output<typeof UpdateAdminUserRequest>;

export const LoginRequest = z.object({
  email: Email,
  password: z.string({ error: "required" }).min(1, { error: "required" }).max(200),
});

/** Revoking an API key from the dashboard. */
export const RevokeApiKeyRequest = z.object({
  client_id: requiredText(100),
});

// ------------------------------------------------------------------ what the access screens read

/** Which companies an access group reaches: all, or the listed ones (with or without the companies below them). */
export const CompanyScope = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("all") }),
  z.object({ kind: z.literal("companies"), companyIds: z.array(z.string()), includeDescendants: z.boolean() }),
]);

/** A row of the API key table; an unreadable access group shows as nulls and `access_group_error`. */
export const ApiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  client_id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  modules: z.array(z.string()).nullable(),
  permissions: z.array(z.string()).nullable(),
  scope: CompanyScope.nullable(),
  access_group_error: z.string().nullable(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
});

/** A new API key: the only answer that carries the client secret. */
export const CreatedApiKey = ApiKeyRow.pick({ id: true, name: true, client_id: true, company_id: true }).extend({
  client_secret: z.string(),
});

export const RevokedApiKey = z.object({ client_id: z.string(), revoked: z.literal(true) });

/** An access group as the screens show it (and as its editor starts from). */
const AccessGroupView = z.object({
  modules: z.array(z.enum(MODULES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  company_ids: z.array(z.string()).nullable(),
  include_descendants: z.boolean(),
});

export const AdminUserRow = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  active: z.boolean(),
  /** Two-factor sign-in is on. */
  two_factor: z.boolean(),
  access: AccessGroupView,
  created_at: z.string(),
});

/** A company the access screens offer (an API key's company, or one to grant). */
export const GrantableCompany = z.object({
  company_id: z.string(),
  name: z.string(),
  org_number: z.string(),
  parent_id: z.string().nullable(),
});

/** What the signed-in ADMIN has, and so may grant: the editor offers nothing beyond it. */
export const Grantable = z.object({
  modules: z.array(z.string()),
  permissions: z.array(z.string()),
  allScope: z.boolean(),
  descendants: z.boolean(),
});
