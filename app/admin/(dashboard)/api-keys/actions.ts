"use server";
// The API key screen's writes: create (the client_secret comes back once) and revoke. ADMIN only; the services also
// keep the grant within the caller's own access and the key's company within its scope.
import { action } from "@/lib/actions/action";
import { createApiKey, revokeApiKey } from "@/modules/access/services/api-keys";
import { CreateApiKeyRequest, RevokeApiKeyRequest } from "@/modules/access/schemas/access";

export const createApiKeyAction = action(
  { auth: "session", adminRole: true, input: CreateApiKeyRequest },
  async (input, { caller }) => createApiKey(caller, input),
);

export const revokeApiKeyAction = action(
  { auth: "session", adminRole: true, input: RevokeApiKeyRequest },
  async ({ client_id }, { caller }) => revokeApiKey(caller, client_id),
);
