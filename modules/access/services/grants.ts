// Grants (support programmes) and their activation on companies.
import "server-only";
import type { z } from "zod";
import crypto from "node:crypto";
import { db, isUniqueViolation } from "@/lib/db";
import { NotFound, ValidationFailed } from "@/lib/errors";
import type { CompanyGrantRow } from "@/modules/companies/schemas/dashboard";
import { requireModule, requirePermission } from "./access-checks";
import type { Caller } from "./caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { companyInScope } from "@/modules/companies/services/companies";

/** A new grant; grants are shared by the whole organization tree, so only an all-scope caller defines them. */
export async function createGrant(caller: Caller, input: { name: string; descr?: string | null }) {
  requirePermission(caller, "COMPANY.U");
  if (caller.scope.kind !== "all")
    throw new ValidationFailed({}, ["grants are defined for the whole organization: needs an all-company scope"]);
  if (!input.name.trim()) throw new ValidationFailed({ name: ["required"] });
  return db().$transaction(async (tx) => {
    const grant = await tx.grant.create({
      data: { uuid: crypto.randomUUID(), name: input.name.trim(), descr: input.descr?.trim() ?? "" },
    });
    await recordAudit(tx, caller, {
      action: "grant.create",
      objectType: "grant",
      objectId: grant.id,
      summary: grant.name,
    });
    return grant;
  });
}

export async function listGrants(caller: Caller) {
  requireModule(caller, "company");
  return db().grant.findMany({ orderBy: { id: "asc" } });
}

/** Activates a grant on a company; activating it again keeps the first activation (and its created_at). */
export async function activateGrant(caller: Caller, companyId: string, grantId: number, activatedAt?: Date) {
  await companyInScope(caller, companyId);
  requirePermission(caller, "COMPANY.U");
  const grant = await db().grant.findUnique({ where: { id: grantId } });
  if (!grant) throw new NotFound("grant not found");
  const existing = await db().companyGrant.findUnique({ where: { companyId_grantId: { companyId, grantId } } });
  if (existing) return existing;
  // A plain insert, not upsert: Prisma's upsert reads before it writes in one transaction, which SQLite cannot
  // upgrade to a write lock while another connection writes.
  try {
    return await db().$transaction(async (tx) => {
      const activation = await tx.companyGrant.create({
        data: { companyId, grantId, ...(activatedAt ? { createdAt: activatedAt } : {}) },
      });
      await recordAudit(tx, caller, {
        action: "grant.activate",
        objectType: "grant",
        objectId: grantId,
        companyId,
        summary: grant.name,
      });
      return activation;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db().companyGrant.findUniqueOrThrow({ where: { companyId_grantId: { companyId, grantId } } });
  }
}

/**
 * Every grant with whether (and since when, as an ISO instant) it is active on a company in the caller's scope: the
 * dashboard's grants panel. Active first, then the rest, each by id.
 */
export async function companyGrantsView(
  caller: Caller,
  companyId: string,
): Promise<z.output<typeof CompanyGrantRow>[]> {
  await companyInScope(caller, companyId);
  const [grants, activations] = await Promise.all([
    listGrants(caller),
    db().companyGrant.findMany({ where: { companyId }, select: { grantId: true, createdAt: true } }),
  ]);
  const activatedAt = new Map(activations.map((a) => [a.grantId, a.createdAt.toISOString()]));
  const view = grants.map((g) => ({
    grant_id: g.id,
    name: g.name,
    descr: g.descr,
    activated_at: activatedAt.get(g.id) ?? null,
  }));
  return [...view.filter((g) => g.activated_at), ...view.filter((g) => !g.activated_at)];
}
