// Undoing an import, as one audited transaction: members it created are deleted, subscriptions it activated ended
// (deleted when it created them), memberships it gave removed, and fields it filled in on existing members emptied
// again; but only on rows nothing else has touched since (the member's updatedAt is still the one the import left, a
// created member has no other subscription or membership, the subscription is still active, the membership as the
// import wrote it). What was touched stays, and is counted.
// Every change is emitted to webhooks as the import's were: an integrator that was told of the members the import
// created hears that they are gone (member.erased, the catalogue's event for a member who no longer exists), of
// fields emptied (member.updated) and of subscriptions ended (subscription.unsubscribed, by deactivateSubscription).
import "server-only";
import { db, type Tx } from "@/lib/db";
import { Conflict } from "@/lib/errors";
import type { ImportField } from "../schemas/imports";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";
import { deactivateSubscription } from "@/modules/lists/services/subscriptions";
import type { ImportRowValues } from "./write";
import { emitWebhookEvents } from "@/modules/webhooks/services/events";

const UNDO_CHUNK = 500;
const TOUCHED_REASON = "changed since the import (edited, subscribed elsewhere or unsubscribed); left as it is";

/** What undo reads of a row: what the run wrote (imports-write.ts), less what it only reports. */
type UndoRow = Omit<ImportRowValues, "runId" | "email" | "outcome" | "reason">;

/** Whether each row may be undone: its member as the import left it. */
async function untouched(tx: Tx, rows: UndoRow[], listId: number | null): Promise<Set<number>> {
  const ids = rows.map((r) => r.memberId!).filter(Boolean);
  const members = new Map(
    (
      await tx.member.findMany({
        where: { id: { in: ids }, erasedAt: null },
        select: {
          id: true,
          updatedAt: true,
          _count: { select: { memberships: true, subscriptions: true, properties: true } },
          subscriptions: { where: { listId: listId ?? -1 }, select: { status: true } },
        },
      })
    ).map((m) => [m.id, m]),
  );
  // The memberships the rows gave, still as the import wrote them (a change of status or type is staff's).
  const membershipIds = rows.flatMap((r) => (r.membershipId ? [r.membershipId] : []));
  const asWritten = new Set(
    membershipIds.length
      ? (
          await tx.membership.findMany({
            where: { id: { in: membershipIds }, status: "MEMBER", memberTypeId: null },
            select: { id: true },
          })
        ).map((m) => m.id)
      : [],
  );
  const ok = new Set<number>();
  for (const row of rows) {
    const member = members.get(row.memberId ?? -1);
    if (!member) continue;
    if (row.memberWrittenAt && member.updatedAt.getTime() !== row.memberWrittenAt.getTime()) continue;
    if (row.subscribed && member.subscriptions[0]?.status !== "SUBSCRIBED") continue;
    if (row.membershipId && !asWritten.has(row.membershipId)) continue;
    if (
      row.memberCreated &&
      (member._count.memberships > (row.membershipId ? 1 : 0) ||
        member._count.properties > 0 ||
        member._count.subscriptions > (row.subscribed ? 1 : 0))
    )
      continue;
    ok.add(row.rowNumber);
  }
  return ok;
}

/** What a chunk's undo did to members, for their webhook events. */
interface Emitted {
  erased: number[];
  updated: number[];
}

async function undoRow(tx: Tx, row: UndoRow, listId: number | null, emitted: Emitted): Promise<void> {
  if (row.subscribed && listId) {
    await deactivateSubscription(tx, listId, row.memberId!, "ADMIN");
    if (row.subscriptionNew) await tx.subscription.deleteMany({ where: { listId, memberId: row.memberId! } });
  }
  if (row.memberCreated) {
    await tx.member.delete({ where: { id: row.memberId! } });
    emitted.erased.push(row.memberId!);
    return;
  }
  if (row.membershipId) await tx.membership.delete({ where: { id: row.membershipId } });
  if (row.filled) {
    const cleared = Object.fromEntries((JSON.parse(row.filled) as ImportField[]).map((field) => [field, null]));
    await tx.member.update({ where: { id: row.memberId! }, data: cleared });
  }
  if (row.membershipId || row.filled) emitted.updated.push(row.memberId!);
}

/** POST /v3/imports/{id}/undo, after the caller's access to the run was checked. */
export async function undoRun(
  caller: Caller,
  run: { id: number; kind: string; status: string; organizationId: string; listId: number | null; fileName: string },
) {
  if (run.status !== "DONE") throw new Conflict(`import is ${run.status}: only a DONE import can be undone`);
  return db().$transaction(
    async (tx) => {
      const claimed = await tx.importRun.updateMany({
        where: { id: run.id, status: "DONE" },
        data: { status: "UNDONE", undoneAt: new Date() },
      });
      if (claimed.count === 0) throw new Conflict("import is already being undone");
      let removed = 0;
      let kept = 0;
      let after = 0;
      for (;;) {
        const rows = await tx.importRow.findMany({
          where: { runId: run.id, rowNumber: { gt: after }, outcome: { in: ["ADDED", "UPDATED"] } },
          orderBy: { rowNumber: "asc" },
          take: UNDO_CHUNK,
          select: {
            rowNumber: true,
            memberId: true,
            memberCreated: true,
            subscribed: true,
            subscriptionNew: true,
            filled: true,
            memberWrittenAt: true,
            membershipId: true,
          },
        });
        if (rows.length === 0) break;
        const ok = await untouched(tx, rows, run.listId);
        // Created members without a subscription go in one statement per chunk; the rest row by row.
        const plain = rows.filter((row) => ok.has(row.rowNumber) && row.memberCreated && !row.subscribed);
        if (plain.length) await tx.member.deleteMany({ where: { id: { in: plain.map((row) => row.memberId!) } } });
        const emitted: Emitted = { erased: plain.map((row) => row.memberId!), updated: [] };
        for (const row of rows) {
          if (!ok.has(row.rowNumber)) kept += 1;
          else if (!plain.includes(row)) await undoRow(tx, row, run.listId, emitted);
        }
        const about = { companyId: run.organizationId };
        await emitWebhookEvents(
          tx,
          "member.erased",
          about,
          emitted.erased.map((id) => ({ member_id: id })),
        );
        await emitWebhookEvents(
          tx,
          "member.updated",
          about,
          emitted.updated.map((id) => ({ member_id: id })),
        );
        removed += ok.size;
        after = rows[rows.length - 1].rowNumber;
      }
      await tx.importRun.update({ where: { id: run.id }, data: { undoRemoved: removed, undoKept: kept } });
      await recordAudit(tx, caller, {
        action: "import.undo",
        objectType: run.kind === "MEMBER" ? "company" : "subscription_list",
        objectId: run.kind === "MEMBER" ? run.organizationId : run.listId!,
        companyId: run.organizationId,
        summary: `import ${run.id} (${run.fileName}): ${removed} rows undone, ${kept} kept`,
      });
      return { removed, kept, reason: kept > 0 ? TOUCHED_REASON : null };
    },
    { timeout: 10 * 60_000, maxWait: 30_000 },
  );
}
