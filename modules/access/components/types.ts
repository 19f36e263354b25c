// Shapes of the access screens' data routes and server actions, as the client reads them: inferred from the schemas
// the services answer with (modules/access/schemas/access.ts), so they cannot drift apart.
import type { z } from "zod";
import type { ActionResult } from "@/lib/actions/result";
import type {
  AccessGroupRequestInput,
  AdminUserRow as AdminUserRowSchema,
  ApiKeyRow as ApiKeyRowSchema,
  CreateAdminUserRequest,
  CreateApiKeyRequest,
  CreatedApiKey as CreatedApiKeySchema,
  Grantable as GrantableSchema,
  GrantableCompany,
  RevokeApiKeyRequest,
  RevokedApiKey,
  UpdateAdminUserRequest,
} from "@/modules/access/schemas/access";

export type ApiKeyRow = z.infer<typeof ApiKeyRowSchema>;
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;
export type CompanyChoice = z.infer<typeof GrantableCompany>;
/** What the signed-in ADMIN has, and so may grant: the editor offers nothing beyond it. */
export type Grantable = z.infer<typeof GrantableSchema>;

export type AccessValue = AccessGroupRequestInput;

export interface ApiKeyActions {
  createApiKey: (input: z.input<typeof CreateApiKeyRequest>) => Promise<ActionResult<CreatedApiKey>>;
  revokeApiKey: (input: z.input<typeof RevokeApiKeyRequest>) => Promise<ActionResult<z.infer<typeof RevokedApiKey>>>;
}

export interface AdminUserActions {
  createAdminUser: (input: z.input<typeof CreateAdminUserRequest>) => Promise<ActionResult<AdminUserRow>>;
  updateAdminUser: (input: z.input<typeof UpdateAdminUserRequest>) => Promise<ActionResult<AdminUserRow>>;
}
