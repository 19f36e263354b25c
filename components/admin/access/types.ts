// Shapes of the access screens' data routes and server actions, as the client reads them (the services own them;
// these mirror their answers without importing server code).
import type { ActionResult } from "@/lib/actions/result";
import type {
  AccessGroupRequestInput,
  AccessGroupValues,
  CreateAdminUserRequest,
  CreateApiKeyRequest,
  RevokeApiKeyRequest,
  UpdateAdminUserRequest,
} from "@/lib/validation/access";
import type { z } from "zod";

export type Scope = { kind: "all" } | { kind: "companies"; companyIds: string[]; includeDescendants: boolean };

export interface ApiKeyRow {
  id: number;
  name: string;
  client_id: string;
  company_id: string;
  company_name: string;
  modules: string[] | null;
  permissions: string[] | null;
  scope: Scope | null;
  access_group_error: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  created_at: string;
}

export interface CreatedApiKey {
  id: number;
  name: string;
  client_id: string;
  client_secret: string;
  company_id: string;
}

export interface AdminUserRow {
  id: number;
  email: string;
  name: string;
  role: string;
  active: boolean;
  access: AccessGroupValues;
  created_at: string;
}

export interface CompanyChoice {
  company_id: string;
  name: string;
  org_number: string;
  parent_id: string | null;
}

/** What the signed-in ADMIN has, and so may grant: the editor offers nothing beyond it. */
export interface Grantable {
  modules: string[];
  permissions: string[];
  allScope: boolean;
  descendants: boolean;
}

export type AccessValue = AccessGroupRequestInput;

export interface ApiKeyActions {
  createApiKey: (input: z.input<typeof CreateApiKeyRequest>) => Promise<ActionResult<CreatedApiKey>>;
  revokeApiKey: (input: z.input<typeof RevokeApiKeyRequest>) => Promise<ActionResult<{ client_id: string; revoked: true }>>;
}

export interface AdminUserActions {
  createAdminUser: (input: z.input<typeof CreateAdminUserRequest>) => Promise<ActionResult<AdminUserRow>>;
  updateAdminUser: (input: z.input<typeof UpdateAdminUserRequest>) => Promise<ActionResult<AdminUserRow>>;
}
