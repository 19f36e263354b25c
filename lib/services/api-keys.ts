// API keys: integrator credentials. The client_secret is returned once, at creation; only its hash is stored.
import { db } from "../db";
import { constantTimeEqual, randomToken, sha256Hex } from "../crypto";
import { NotFound, ValidationFailed } from "../errors";
import { callerRights, checkAccessGroupInput, createAccessGroup, type AccessGroupInput, type Caller } from "./access";

export interface CreatedApiKey {
  id: number;
  name: string;
  clientId: string;
  clientSecret: string;
  companyId: string;
  accessGroupId: number;
}

export async function createApiKey(input: {
  name: string;
  companyId: string;
  access: AccessGroupInput;
}): Promise<CreatedApiKey> {
  const company = await db().company.findFirst({ where: { id: input.companyId, deletedAt: null } });
  if (!company) throw new ValidationFailed({ companyId: ["unknown company id"] });
  const access = { ...input.access, name: input.access.name || input.name };
  await checkAccessGroupInput(access);
  const clientId = `ck_${randomToken(18)}`;
  const clientSecret = randomToken(32);
  const key = await db().$transaction(async (tx) => {
    const group = await createAccessGroup(access, tx);
    return tx.apiKey.create({
      data: {
        name: input.name,
        clientId,
        secretHash: sha256Hex(clientSecret),
        companyId: company.id,
        accessGroupId: group.id,
      },
    });
  });
  return { id: key.id, name: key.name, clientId, clientSecret, companyId: key.companyId, accessGroupId: key.accessGroupId };
}

export async function listApiKeys() {
  const keys = await db().apiKey.findMany({
    orderBy: { id: "asc" },
    include: { accessGroup: { include: { companies: true } } },
  });
  return keys.map((key) => {
    // One unreadable access group must not hide every other key from the operator: that row says so instead.
    let rights: ReturnType<typeof callerRights> | null = null;
    try {
      rights = callerRights(key.accessGroup);
    } catch {
      rights = null;
    }
    return {
      id: key.id,
      name: key.name,
      clientId: key.clientId,
      companyId: key.companyId,
      modules: rights ? [...rights.modules] : null,
      permissions: rights ? [...rights.permissions] : null,
      scope: rights?.scope ?? null,
      accessGroupError: rights ? null : "access group is unreadable (modules or permissions are not a JSON list)",
      revokedAt: key.revokedAt,
      lastUsedAt: key.lastUsedAt,
      createdAt: key.createdAt,
    };
  });
}

/** Revokes the key and every refresh token it holds; its access tokens stop working at the next request. */
export async function revokeApiKey(clientId: string): Promise<void> {
  const now = new Date();
  // Writes first: on SQLite a transaction that reads before writing can fail to upgrade its lock under contention.
  await db().$transaction(async (tx) => {
    await tx.apiKey.updateMany({ where: { clientId, revokedAt: null }, data: { revokedAt: now } });
    await tx.refreshToken.updateMany({ where: { apiKey: { clientId }, revokedAt: null }, data: { revokedAt: now } });
    if (!(await tx.apiKey.findUnique({ where: { clientId }, select: { id: true } }))) throw new NotFound("api key not found");
  });
}

// A fixed hash to compare against when the client_id is unknown, so both paths cost the same.
const UNKNOWN_CLIENT_HASH = sha256Hex("unknown-client");

/** The active key matching client_id and client_secret, or null. */
export async function verifyClientCredentials(clientId: string, clientSecret: string) {
  const key = await db().apiKey.findUnique({ where: { clientId } });
  const matches = constantTimeEqual(sha256Hex(clientSecret), key?.secretHash ?? UNKNOWN_CLIENT_HASH);
  if (!key || !matches || key.revokedAt) return null;
  return key;
}

/** The caller behind an API key id, or null when the key is unknown or revoked. One query. */
export async function callerForApiKey(apiKeyId: number): Promise<Caller | null> {
  const key = await db().apiKey.findUnique({
    where: { id: apiKeyId },
    include: { accessGroup: { include: { companies: true } } },
  });
  if (!key || key.revokedAt) return null;
  return {
    kind: "api_key",
    actor: `api:${key.clientId}`,
    companyId: key.companyId,
    ...callerRights(key.accessGroup),
  };
}
