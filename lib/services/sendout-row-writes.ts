// What delivery writes on a claimed SendoutRecipient row (lib/services/sendout-delivery.ts): the lease renewed just
// before a send when it is no longer fresh, SENT once the SMTP server accepted, and a refusal (a retry later, or FAILED).
import "server-only";
import { coalesced, db, Prisma } from "../db";
import { env } from "../env";
import { MailDeliveryError } from "../mail/transport";
import type { RecipientStatus } from "../validation/sendout";
import { leaseEnd, released, type ClaimedRecipient } from "./sendout-claims";

const MAX_BACKOFF_MS = 3600_000;

// The writes made per message are tagged SQL (through Prisma's query builder each cost about 1 ms of CPU, its query
// compiler, as much as the whole SMTP exchange; as SQL a quarter of that). The writes of the messages under way are
// coalesced (`coalesced`): those that arrive while the previous group commits go together into the next, one UPDATE
// over their rows per kind, both kinds in one transaction. One commit each held a sendout to 30 messages a second on a
// busy disk; one statement each cost the worker a quarter of its time at 600 messages a second.

/** At most this many writes in one group (SQLite and PostgreSQL both take far more bound values). */
const WRITES_PER_GROUP = 500;

export type RowWrite = { renew: number } | { sent: number };

/**
 * The row writes of one worker (`owner`). `renew`: just before its message goes out, whether the worker still holds
 * the row, renewing the lease if so; a batch that took longer than the lease may have lost rows to another worker,
 * which are skipped rather than sent twice. `sent`: the SMTP server accepted the message: SENT, its attempt counted,
 * its lease given up. A group of one kind is one statement without a transaction (the usual case: a fresh lease is
 * not renewed, so a steady sendout writes only SENT).
 */
export function rowWrites(owner: string): (write: RowWrite) => Promise<boolean> {
  return coalesced(async (writes: RowWrite[]) => {
    const renew = writes.flatMap((w) => ("renew" in w ? [w.renew] : []));
    const sent = writes.flatMap((w) => ("sent" in w ? [w.sent] : []));
    const sentStatus: RecipientStatus = "SENT";
    const renewal = renew.length
      ? db().$queryRaw<{ id: number | bigint }[]>`
          UPDATE "SendoutRecipient" SET "leaseUntil" = ${leaseEnd()}
          WHERE "id" IN (${Prisma.join(renew)}) AND "leaseOwner" = ${owner} AND "status" = 'PENDING'
          RETURNING "id"`
      : null;
    const marking = sent.length
      ? db().$executeRaw`
          UPDATE "SendoutRecipient"
          SET "status" = ${sentStatus}, "sentAt" = ${new Date()}, "attempts" = "attempts" + 1, "error" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
          WHERE "id" IN (${Prisma.join(sent)}) AND "status" = 'PENDING'`
      : null;
    const statements = [renewal, marking].filter((statement) => statement !== null);
    const results = statements.length === 1 ? [await statements[0]] : await db().$transaction(statements);
    const held = renewal ? (results[0] as { id: number | bigint }[]) : [];
    const renewed = new Set(held.map((row) => Number(row.id)));
    return writes.map((w) => ("renew" in w ? renewed.has(w.renew) : true));
  }, WRITES_PER_GROUP, true);
}

export async function markFailed(row: ClaimedRecipient, attempts: number, error: string): Promise<void> {
  await db().sendoutRecipient.updateMany({ where: { id: row.id, status: "PENDING" }, data: { status: "FAILED" satisfies RecipientStatus, attempts, error: error.slice(0, 500), ...released } });
}

/**
 * A permanent refusal (5xx), or the last attempt, fails the row; after a temporary one (4xx, no connection, a
 * timeout) it waits base·2^(attempts-1), at most an hour.
 */
export async function recordRefusal(row: ClaimedRecipient, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  if ((error instanceof MailDeliveryError && error.permanent) || attempts >= env().SENDOUT_MAX_ATTEMPTS) return markFailed(row, attempts, message);
  const backoff = Math.min(env().SENDOUT_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
  await db().sendoutRecipient.updateMany({
    where: { id: row.id, status: "PENDING" },
    data: { attempts, error: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + backoff), ...released },
  });
}
