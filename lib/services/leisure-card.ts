// Leisure-card enrollment: the company's credential at the external service, and its approved-provider status.
import { decryptSecret, encryptSecret } from "../crypto";
import { db, isUniqueViolation } from "../db";
import { env } from "../env";
import { NotFound, UpstreamFailed, ValidationFailed } from "../errors";
import { fetchProviderStatus, type ProviderStatus } from "../leisure-card/client";

export const GIRO_TYPES = ["BANKGIRO", "PLUSGIRO"] as const;

/**
 * GET /v3/company/fk/status/{company_id}. Spec 7.2: every failure, including a missing or deleted company, is a 500
 * with a reason. Only the `company` module is required, not scope: the spec lists no 403 for this endpoint, and the
 * answer (is this org_number an approved provider) is no more private than the register list, which is unscoped too.
 */
export async function getUtforarstatus(companyId: string): Promise<{ utforarestatus: ProviderStatus }> {
  const company = await db().company.findFirst({
    where: { id: companyId, deletedAt: null },
    include: { leisureCardApiKey: true },
  });
  if (!company) throw new UpstreamFailed("company not found");
  const record = company.leisureCardApiKey;
  if (!record) throw new UpstreamFailed("company has no leisure-card API key record");
  if (!company.orgNumber.trim()) throw new UpstreamFailed("company has no org_number");
  if (!record.giroType?.trim() || !record.giroNumber?.trim()) {
    throw new UpstreamFailed("leisure-card API key record has no giro details");
  }
  let apiKey: string;
  try {
    apiKey = decryptSecret(record.apiKeyEncrypted, env().ENCRYPTION_KEY);
  } catch {
    // Typically ENCRYPTION_KEY changed since the record was stored; set the key again with the CLI.
    throw new UpstreamFailed("leisure-card API key cannot be decrypted");
  }
  const { LEISURE_CARD_API_URL, LEISURE_CARD_TIMEOUT_MS } = env();
  const status = await fetchProviderStatus(
    { baseUrl: LEISURE_CARD_API_URL, timeoutMs: LEISURE_CARD_TIMEOUT_MS },
    { apiKey, orgNumber: company.orgNumber.trim(), giroType: record.giroType.trim(), giroNumber: record.giroNumber.trim() },
  );
  return { utforarestatus: status };
}

export interface LeisureCardKeyInput {
  apiKey: string;
  giroType?: string | null;
  giroNumber?: string | null;
}

/** Creates or replaces the company's leisure-card credential; the key is stored AES-256-GCM encrypted. */
export async function setLeisureCardApiKey(companyId: string, input: LeisureCardKeyInput) {
  const errors: Record<string, string[]> = {};
  if (!input.apiKey.trim()) errors.apiKey = ["required"];
  const giroType = input.giroType?.trim().toUpperCase() || null;
  if (giroType && !(GIRO_TYPES as readonly string[]).includes(giroType)) errors.giroType = [`must be one of ${GIRO_TYPES.join(", ")}`];
  if (Object.keys(errors).length) throw new ValidationFailed(errors);
  const company = await db().company.findFirst({ where: { id: companyId, deletedAt: null } });
  if (!company) throw new NotFound("company not found");
  const data = {
    apiKeyEncrypted: encryptSecret(input.apiKey.trim(), env().ENCRYPTION_KEY),
    giroType,
    giroNumber: input.giroNumber?.trim() || null,
  };
  // Update, else insert (not Prisma's upsert, which reads before writing in one transaction: SQLite cannot upgrade
  // that to a write lock while another connection writes).
  const updated = await db().leisureCardApiKey.updateMany({ where: { companyId }, data });
  if (updated.count === 0) {
    try {
      await db().leisureCardApiKey.create({ data: { companyId, ...data } });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await db().leisureCardApiKey.updateMany({ where: { companyId }, data });
    }
  }
  const record = await db().leisureCardApiKey.findUniqueOrThrow({ where: { companyId } });
  // Never hand the credential back, not even encrypted.
  return { company_id: companyId, giro_type: record.giroType, giro_number: record.giroNumber, updated_at: record.updatedAt };
}
