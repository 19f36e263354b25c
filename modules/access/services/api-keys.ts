// API keys: integrator credentials. The client_secret is returned once, at creation; only its hash is stored.
// Managing keys is for the operator and ADMIN dashboard users, who can grant no more than they have themselves.
import "server-only";
import type { z } from "zod";
import { constantTimeEqual, randomToken, sha256Hex } from "@/lib/crypto";
import { db, type Prisma } from "@/lib/db";
import { NotFound, ValidationFailed } from "@/lib/errors";
import type {
  ApiKeyRow,
  CreateApiKeyInput,
  CreatedApiKey,
  Grantable,
  GrantableCompany,
  RevokedApiKey,
} from "../schemas/access";
import { assertCompanyInScope, companiesInScopeWhere, requireAdminRole } from "./access-checks";
import { assertGrantWithinCaller, checkAccessGroupInput, createAccessGroup, groupWithinCaller } from "./access-groups";
import { type Caller, callerRights } from "./caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { companyIdsInScope } from "@/modules/companies/services/tree";
import type { CacheEpochs } from "@/lib/cache/cache-epochs";
import { EpochCache } from "@/lib/cache/epoch-cache";
import { liveCompany } from "@/lib/live-records";

export async function createApiKey(caller: Caller, input: CreateApiKeyInput): Promise<z.output<typeof CreatedApiKey>> {
  requireAdminRole(caller);
  const company = await db().company.findFirst({ where: { id: input.company_id, ...liveCompany } });
  if (!company) throw new ValidationFailed({ company_id: ["unknown company id"] });
  await assertCompanyInScope(caller, company.id);
  await checkAccessGroupInput(input.access);
  await assertGrantWithinCaller(caller, input.access);
  const clientId = `ck_${randomToken(18)}`;
  const clientSecret = randomToken(32);
  const key = await db().$transaction(async (tx) => {
    const group = await createAccessGroup(`API key: ${input.name}`, input.access, tx);
    const created = await tx.apiKey.create({
      data: {
        name: input.name,
        clientId,
        secretHash: sha256Hex(clientSecret),
        companyId: company.id,
        accessGroupId: group.id,
      },
    });
    await recordAudit(tx, caller, {
      action: "api_key.create",
      objectType: "api_key",
      objectId: created.id,
      companyId: company.id,
      summary: `${input.name} (${clientId})`,
    });
    return created;
  });
  return { id: key.id, name: key.name, client_id: clientId, client_secret: clientSecret, company_id: key.companyId };
}

const keyInclude = { accessGroup: { include: { companies: true } } } as const;

/**
 * A key is the caller's to see and revoke when it could have made it: its company in the caller's scope, its access
 * group within the caller's rights (as for admin users). Any other key answers as a missing one.
 */
function keyWithinCaller(
  key: Prisma.ApiKeyGetPayload<{ include: typeof keyInclude }>,
  caller: Caller,
  idsInScope: string[] | null,
): boolean {
  return (
    (idsInScope === null || idsInScope.includes(key.companyId)) &&
    groupWithinCaller(caller, key.accessGroup, idsInScope)
  );
}

/** The keys within the caller's rights (keyWithinCaller), with their access and last use. */
export async function listApiKeys(caller: Caller): Promise<z.output<typeof ApiKeyRow>[]> {
  requireAdminRole(caller);
  const ids = await companyIdsInScope(caller);
  const all = await db().apiKey.findMany({
    orderBy: { id: "asc" },
    include: { ...keyInclude, company: { select: { name: true } } },
  });
  const keys = all.filter((key) => keyWithinCaller(key, caller, ids));
  return keys.map((key) => {
    // One unreadable access group must not hide every other key: that row says so instead.
    let rights: ReturnType<typeof callerRights> | null = null;
    try {
      rights = callerRights(key.accessGroup);
    } catch {
      rights = null;
    }
    return {
      id: key.id,
      name: key.name,
      client_id: key.clientId,
      company_id: key.companyId,
      company_name: key.company.name,
      modules: rights ? [...rights.modules] : null,
      permissions: rights ? [...rights.permissions] : null,
      scope: rights?.scope ?? null,
      access_group_error: rights ? null : "access group is unreadable (modules or permissions are not a JSON list)",
      revoked_at: key.revokedAt?.toISOString() ?? null,
      last_used_at: key.lastUsedAt?.toISOString() ?? null,
      created_at: key.createdAt.toISOString(),
    };
  });
}

/** What the caller may hand out, for the dashboard's access-group editor (it offers nothing beyond this). */
export function grantableBy(caller: Caller): z.output<typeof Grantable> {
  return {
    modules: [...caller.modules],
    permissions: [...caller.permissions],
    allScope: caller.scope.kind === "all",
    descendants: caller.scope.kind === "all" || caller.scope.includeDescendants,
  };
}

/**
 * The live companies an ADMIN may hand out (as an API key's company or in an access group): those in its own scope,
 * by name. For the dashboard's pickers; needs no company module, since granting access is not reading the register.
 */
export async function grantableCompanies(caller: Caller): Promise<z.output<typeof GrantableCompany>[]> {
  requireAdminRole(caller);
  const companies = await db().company.findMany({
    where: { ...liveCompany, ...(await companiesInScopeWhere(caller)) },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true, orgNumber: true, parentId: true },
  });
  return companies.map((c) => ({ company_id: c.id, name: c.name, org_number: c.orgNumber, parent_id: c.parentId }));
}

/** Revokes the key and every refresh token it holds; its access tokens stop working at the next request. */
export async function revokeApiKey(caller: Caller, clientId: string): Promise<z.output<typeof RevokedApiKey>> {
  requireAdminRole(caller);
  const key = await db().apiKey.findUnique({ where: { clientId }, include: keyInclude });
  if (!key || !keyWithinCaller(key, caller, await companyIdsInScope(caller))) throw new NotFound("api key not found");
  const now = new Date();
  await db().$transaction(async (tx) => {
    const revoked = await tx.apiKey.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt: now } });
    await tx.refreshToken.updateMany({ where: { apiKeyId: key.id, revokedAt: null }, data: { revokedAt: now } });
    if (revoked.count)
      await recordAudit(tx, caller, {
        action: "api_key.revoke",
        objectType: "api_key",
        objectId: key.id,
        companyId: key.companyId,
        summary: `${key.name} (${clientId})`,
      });
  });
  return { client_id: clientId, revoked: true };
}

// A fixed hash to compare against when the client_id is unknown, so both paths cost the same.
const UNKNOWN_CLIENT_HASH = sha256Hex("unknown-client");

type CredentialKey = {
  id: number;
  clientId: string;
  secretHash: string;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};

/**
 * Keys by client_id, for token issuance (a client may fetch tokens in a loop). Covered by the access epoch, which a
 * change of the secret hash or a revocation bumps. lastUsedAt is as read when cached: tokens.ts keeps its own note of
 * when it last wrote it. Unknown client_ids are not kept (the key space is anyone's to send).
 */
const keysByClientId = new EpochCache<string, CredentialKey>("access", 10_000);

/** The active key matching client_id and client_secret, or null. */
export async function verifyClientCredentials(clientId: string, clientSecret: string) {
  const key = await keysByClientId.get(clientId, async () => {
    const [row] = await db().$queryRaw<CredentialKey[]>`
      SELECT "id", "clientId", "secretHash", "revokedAt", "lastUsedAt" FROM "ApiKey" WHERE "clientId" = ${clientId}`;
    return row ?? null;
  });
  const matches = constantTimeEqual(sha256Hex(clientSecret), key?.secretHash ?? UNKNOWN_CLIENT_HASH);
  if (!key || !matches || key.revokedAt) return null;
  return key;
}

/** Every bearer request needs its caller; keys and their access groups change rarely (lib/cache/epoch-cache.ts). */
const callers = new EpochCache<number, Caller>("access", 10_000);

/** The caller behind an API key id, or null when the key is unknown or revoked. Cached; shared, never to be changed. */
export async function callerForApiKey(apiKeyId: number, epochs?: CacheEpochs | null): Promise<Caller | null> {
  return callers.get(
    apiKeyId,
    async () => {
      const key = await db().apiKey.findUnique({ where: { id: apiKeyId }, include: keyInclude });
      if (!key || key.revokedAt) return null;
      return {
        kind: "api_key",
        actor: `api:${key.clientId}`,
        name: key.name,
        companyId: key.companyId,
        role: null,
        userId: null,
        ...callerRights(key.accessGroup),
      };
    },
    epochs,
  );
}
