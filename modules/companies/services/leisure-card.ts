// Leisure-card enrollment: the company's credential at the external service, and its approved-provider status.
import "server-only";
import type { z } from "zod";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { db, isUniqueViolation } from "@/lib/db";
import { env } from "@/lib/env";
import { UpstreamFailed } from "@/lib/errors";
import { fetchProviderStatus } from "./leisure-card-client";
import {
  PROVIDER_CHECK_FAILURES,
  type LeisureCardKeyInput,
  type ProviderCheckFailure,
  type ProviderCheckOutcome,
  type UtforarstatusResponse,
} from "../schemas/company";
import type { LeisureCardKeyRecord } from "../schemas/dashboard";
import { requireModule, requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { companyInScope } from "./companies";
import { liveCompany } from "@/lib/live-records";

/**
 * GET /v3/company/fk/status/{company_id}. Spec 7.2: every failure, including a missing or deleted company, is a 500
 * with a reason. Only the `company` module is required, not scope: the spec lists no 403 for this endpoint, and the
 * answer (is this org_number an approved provider) is no more private than the register list, which is unscoped too.
 */
export async function getUtforarstatus(
  caller: Caller,
  companyId: string,
): Promise<z.output<typeof UtforarstatusResponse>> {
  requireModule(caller, "company");
  const company = await db().company.findFirst({
    where: { id: companyId, ...liveCompany },
    include: { leisureCardApiKey: true },
  });
  if (!company) throw new UpstreamFailed("company not found", "company_not_found");
  const record = company.leisureCardApiKey;
  if (!record) throw new UpstreamFailed("company has no leisure-card API key record", "no_key_record");
  if (!company.orgNumber.trim()) throw new UpstreamFailed("company has no org_number", "no_org_number");
  if (!record.giroType?.trim() || !record.giroNumber?.trim()) {
    throw new UpstreamFailed("leisure-card API key record has no giro details", "no_giro_details");
  }
  let apiKey: string;
  try {
    apiKey = decryptSecret(record.apiKeyEncrypted, env().ENCRYPTION_KEY);
  } catch {
    // Typically ENCRYPTION_KEY changed since the record was stored; set the key again.
    throw new UpstreamFailed("leisure-card API key cannot be decrypted", "key_undecryptable");
  }
  const { LEISURE_CARD_API_URL, LEISURE_CARD_TIMEOUT_MS } = env();
  const status = await fetchProviderStatus(
    { baseUrl: LEISURE_CARD_API_URL, timeoutMs: LEISURE_CARD_TIMEOUT_MS },
    {
      apiKey,
      orgNumber: company.orgNumber.trim(),
      giroType: record.giroType.trim(),
      giroNumber: record.giroNumber.trim(),
    },
  );
  return { utforarestatus: status };
}

/** What the company's leisure-card record says, without the key itself (never shown back, not even encrypted). */
export async function leisureCardKeyInfo(
  caller: Caller,
  companyId: string,
): Promise<z.output<typeof LeisureCardKeyRecord> | null> {
  await companyInScope(caller, companyId);
  const record = await db().leisureCardApiKey.findUnique({ where: { companyId } });
  if (!record) return null;
  return {
    company_id: companyId,
    giro_type: record.giroType,
    giro_number: record.giroNumber,
    updated_at: record.updatedAt.toISOString(),
  };
}

/** Creates or replaces the company's leisure-card credential; the key is stored AES-256-GCM encrypted. */
export async function setLeisureCardApiKey(
  caller: Caller,
  companyId: string,
  input: LeisureCardKeyInput,
): Promise<z.output<typeof LeisureCardKeyRecord>> {
  await companyInScope(caller, companyId);
  requirePermission(caller, "COMPANY.U");
  const data = {
    apiKeyEncrypted: encryptSecret(input.api_key, env().ENCRYPTION_KEY),
    giroType: input.giro_type ?? null,
    giroNumber: input.giro_number ?? null,
  };
  const audit = {
    action: "leisure_card_key.set",
    objectType: "leisure_card_key",
    objectId: companyId,
    companyId,
  } as const;
  // Update, else insert (not Prisma's upsert, which reads before writing in one transaction: SQLite cannot upgrade
  // that to a write lock while another connection writes).
  await db()
    .$transaction(async (tx) => {
      const updated = await tx.leisureCardApiKey.updateMany({ where: { companyId }, data });
      if (updated.count === 0) await tx.leisureCardApiKey.create({ data: { companyId, ...data } });
      await recordAudit(tx, caller, { ...audit, summary: updated.count ? "key replaced" : "key set" });
    })
    .catch(async (error) => {
      // Two first-time writes raced: the other one created the record; this one replaces it.
      if (!isUniqueViolation(error)) throw error;
      await db().$transaction(async (tx) => {
        await tx.leisureCardApiKey.updateMany({ where: { companyId }, data });
        await recordAudit(tx, caller, { ...audit, summary: "key replaced" });
      });
    });
  const info = await leisureCardKeyInfo(caller, companyId);
  return info!;
}

/**
 * The dashboard's approved-provider check: scope first (404, then 403: unlike the API, the page only shows companies
 * in scope), then getUtforarstatus. Its failures are an outcome, not an error: a stable code the dashboard
 * translates, a detail (HTTP status, error code, time limit) and the API's English reason as the fallback.
 */
export async function checkProviderStatus(caller: Caller, companyId: string): Promise<ProviderCheckOutcome> {
  await companyInScope(caller, companyId);
  try {
    const { utforarestatus } = await getUtforarstatus(caller, companyId);
    return { status: utforarestatus };
  } catch (error) {
    if (!(error instanceof UpstreamFailed)) throw error;
    const code = (PROVIDER_CHECK_FAILURES as readonly string[]).includes(error.code)
      ? (error.code as ProviderCheckFailure)
      : "unknown";
    return { failure: { code, detail: error.detail, reason: error.message } };
  }
}
