// A company's leisure-card enrollment status (fk_status) and its history. Each change writes a history row and an
// audit entry in the transaction of the change.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import type { FkStatusValue, UpdateFkStatusResponse } from "../schemas/company";
import type { FkHistoryEntry } from "../schemas/dashboard";
import { requirePermission } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { recordAudit } from "@/modules/audit/services/audit";
import { companyInScope, storedFkStatus } from "./companies";
import { liveCompany } from "@/lib/live-records";
import { emitWebhookEvent } from "@/modules/webhooks/services/events";

/**
 * PUT /v3/company/{company_id}/fk: existence first (404), then scope (403), then the change.
 *
 * The transaction starts with a write that only touches updatedAt: it takes the row lock (PostgreSQL) or the
 * database write lock (SQLite) before the current value is read, so concurrent updates queue up and every history
 * row's "from" is the value it replaced. (Reading first would make SQLite upgrade a read lock to a write lock,
 * which fails under concurrency.) Setting the current value again is not a change: nothing is recorded.
 */
export async function updateFkStatus(
  caller: Caller,
  companyId: string,
  status: FkStatusValue,
): Promise<z.output<typeof UpdateFkStatusResponse>> {
  await companyInScope(caller, companyId);
  requirePermission(caller, "COMPANY.U");
  const found = await db().$transaction(async (tx) => {
    const locked = await tx.company.updateMany({
      where: { id: companyId, ...liveCompany },
      data: { updatedAt: new Date() },
    });
    if (locked.count === 0) return false;
    const { fkStatus: from } = await tx.company.findUniqueOrThrow({
      where: { id: companyId },
      select: { fkStatus: true },
    });
    if (from === status) return true;
    await tx.company.update({ where: { id: companyId }, data: { fkStatus: status } });
    await tx.fkStatusChange.create({
      data: { companyId, fromStatus: from, toStatus: status, changedBy: caller.actor },
    });
    await emitWebhookEvent(tx, "company.fk_status_changed", { companyId }, { from, to: status });
    await recordAudit(tx, caller, {
      action: "company.fk_status",
      objectType: "company",
      objectId: companyId,
      companyId,
      summary: `${from} → ${status}`,
    });
    return true;
  });
  if (!found) throw new NotFound("company not found");
  return { company_id: companyId, fk_status: status };
}

/** The fk_status history of a company in the caller's scope, newest first. */
export async function fkStatusHistory(caller: Caller, companyId: string): Promise<z.output<typeof FkHistoryEntry>[]> {
  await companyInScope(caller, companyId);
  const changes = await db().fkStatusChange.findMany({
    where: { companyId },
    orderBy: [{ changedAt: "desc" }, { id: "desc" }],
  });
  return changes.map((c) => ({
    from: storedFkStatus(c.fromStatus),
    to: storedFkStatus(c.toStatus),
    changed_by: c.changedBy,
    changed_at: c.changedAt.toISOString(),
  }));
}
