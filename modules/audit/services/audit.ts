// The audit log: who changed what, when. Every write records its entry inside the transaction of the change, so a
// change without its entry (or the reverse) cannot be committed.
import "server-only";
import type { z } from "zod";
import { containsText, db, pageWindow, Prisma, startsWithText, type Tx } from "@/lib/db";
import type { AuditObjectType, AuditPage, AuditQueryInput } from "../schemas/audit";
import { inScopeWhere } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";

export interface AuditRecord {
  action: string;
  objectType: AuditObjectType;
  objectId: string | number;
  companyId?: string | null;
  /** Short, human-readable, never a secret. */
  summary?: string;
}

export async function recordAudit(tx: Tx, caller: Caller, entry: AuditRecord): Promise<void> {
  await insertAuditEntries(tx, [
    {
      actor: caller.actor,
      actorKind: caller.publicVisitor ? "public" : caller.kind,
      action: entry.action,
      objectType: entry.objectType,
      objectId: String(entry.objectId),
      companyId: entry.companyId ?? null,
      summary: (entry.summary ?? "").slice(0, 500),
    },
  ]);
}

type AuditRow = {
  actor: string;
  actorKind: string;
  action: string;
  objectType: string;
  objectId: string;
  companyId: string | null;
  summary: string;
};

/**
 * Entries as one tagged INSERT: Prisma's create compiles the query and reads the row back, 0.4-0.6 ms of this
 * process's CPU more per entry, and a public subscribe writes one on the hot path.
 */
async function insertAuditEntries(tx: Tx, entries: AuditRow[]): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date();
  const rows = entries.map(
    (e) =>
      Prisma.sql`(${e.actor}, ${e.actorKind}, ${e.action}, ${e.objectType}, ${e.objectId}, ${e.companyId}, ${e.summary}, ${now})`,
  );
  await tx.$executeRaw`
    INSERT INTO "AuditEntry" ("actor", "actorKind", "action", "objectType", "objectId", "companyId", "summary", "createdAt")
    VALUES ${Prisma.join(rows)}`;
}

/**
 * A change a person made to their own record through their signed link (the preference page): the actor is
 * `member:<uuid>` of the kind `public` ("the person themselves" on the audit screen), not a staff caller.
 */
export async function recordSelfAudit(tx: Tx, memberUuid: string, entry: AuditRecord): Promise<void> {
  await insertAuditEntries(tx, [
    {
      actor: `member:${memberUuid}`,
      actorKind: "public",
      action: entry.action,
      objectType: entry.objectType,
      objectId: String(entry.objectId),
      companyId: entry.companyId ?? null,
      summary: (entry.summary ?? "").slice(0, 500),
    },
  ]);
}

/** Where a person changed a subscription themselves (the audit entry's summary names it). */
export type PublicChannel =
  "hosted_form" | "api" | "unsubscribe_link" | "undo_link" | "preferences" | "opt_out" | "email_confirmation";

/** A change a person made to its own subscription (no staff caller), and where. */
export type PublicSubscriptionChange = {
  subscribed: boolean;
  listId: number;
  memberId: number;
  companyId: string;
  channel: PublicChannel;
};

/**
 * A subscribe or unsubscribe by the person: one INSERT in the change's own transaction, naming the member by id only
 * (docs/api.md: Erasure), the list and the channel. The actor is the member itself.
 */
export async function recordPublicSubscriptionChange(tx: Tx, change: PublicSubscriptionChange): Promise<void> {
  await recordPublicSubscriptionChanges(tx, [change]);
}

/** recordPublicSubscriptionChange for many changes, in one INSERT (a batch of public subscribes). */
export async function recordPublicSubscriptionChanges(tx: Tx, changes: PublicSubscriptionChange[]): Promise<void> {
  await insertAuditEntries(
    tx,
    changes.map((change) => ({
      actor: `member:${change.memberId}`,
      actorKind: "public",
      action: change.subscribed ? "subscription.subscribe" : "subscription.unsubscribe",
      objectType: "subscription",
      objectId: `${change.listId}:${change.memberId}`,
      companyId: change.companyId,
      summary: `member ${change.memberId} on list ${change.listId} via ${change.channel}`,
    })),
  );
}

/**
 * Entries the caller may see, newest first: those of companies in its scope; entries without a company (an admin
 * user with all-company scope, say) only for all-scope callers.
 */
export async function listAuditEntries(caller: Caller, query: AuditQueryInput): Promise<z.output<typeof AuditPage>> {
  const where = {
    ...(await inScopeWhere(caller)),
    ...(query.object_type ? { objectType: query.object_type } : {}),
    ...(query.actor ? { actor: containsText(query.actor) } : {}),
    ...(query.action ? { action: startsWithText(query.action) } : {}),
    ...(query.object_id ? { objectId: query.object_id } : {}),
  };
  // Counted up to COUNT_AHEAD entries past the page, as listmonk counts large lists: an exact count of a
  // 1,000,000-entry log read the whole index on every page (the target: p95 <= 150 ms); past the bound the page says
  // "more than" and the pager offers the next pages while they are full.
  const bound = query.page * query.limit + COUNT_AHEAD;
  const [counted, rows] = await Promise.all([
    db().auditEntry.count({ where, take: bound + 1 }),
    db().auditEntry.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(query),
    }),
  ]);
  // The companies' names for the page's rows in one query (deleted companies keep their name in the log).
  const companyIds = [...new Set(rows.map((e) => e.companyId).filter((id): id is string => id !== null))];
  const names = new Map(
    companyIds.length
      ? (await db().company.findMany({ where: { id: { in: companyIds } }, select: { id: true, name: true } })).map(
          (c) => [c.id, c.name],
        )
      : [],
  );
  return {
    entries: rows.map((e) => ({
      id: e.id,
      actor: e.actor,
      actor_kind: e.actorKind,
      action: e.action,
      object_type: e.objectType,
      object_id: e.objectId,
      company_id: e.companyId,
      company_name: e.companyId ? (names.get(e.companyId) ?? null) : null,
      summary: e.summary,
      created_at: e.createdAt.toISOString(),
    })),
    count: Math.min(counted, bound),
    count_exact: counted <= bound,
    page: query.page,
    limit: query.limit,
  };
}

/** How far past the requested page the audit log is counted exactly. */
const COUNT_AHEAD = 10_000;
