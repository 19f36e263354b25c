// What keeps a sendout's messages from going out twice while a worker sends them (modules/sendouts/services/delivery.ts):
// the lease on a claimed batch, renewed while its messages are under way, and the SENT marks a lane waits for before
// its next message.
import "server-only";
import { coalesced, db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { logger } from "@/lib/logger";
import type { RecipientStatus } from "../schemas/sendout";

/** The end of a lease taken or renewed at `from`. */
export const leaseEnd = (from = new Date()) => new Date(from.getTime() + env().SENDOUT_LEASE_SECONDS * 1000);

// The write made per message (SENT) is tagged SQL (through Prisma's query builder it cost about 1 ms of CPU, its query
// compiler, as much as the whole SMTP exchange). The marks of the messages under way are coalesced (`coalesced`): those
// that arrive while the previous group is written go together into the next, one UPDATE over their rows. One commit
// each held a sendout to 30 messages a second on a busy disk.

/** At most this many rows in one write (SQLite and PostgreSQL both take far more bound values). */
const ROWS_PER_WRITE = 500;

/**
 * The SENT marks of one round: the SMTP server accepted these rows' messages; their attempt counted, their lease given
 * up. The marks of the lanes are written together (on PostgreSQL each write is a round trip). A lane waits for its
 * own: when it went on to its next message instead, a slow write (a busy disk, a lock) let every lane send on while
 * the marks waited, and a crash then sent all of those again (CI: 2,000 recipients, more duplicates than lanes after a
 * SIGKILL). A failed write stops the lanes before their next message (`check`): only what was under way then goes out
 * unmarked, to be sent again when the lease runs out.
 */
export function sentMarks() {
  const sentStatus: RecipientStatus = "SENT";
  const write = coalesced(async (ids: number[]) => {
    await db().$executeRaw`
      UPDATE "SendoutRecipient"
      SET "status" = ${sentStatus}, "sentAt" = ${new Date()}, "attempts" = "attempts" + 1, "error" = NULL, "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE "id" IN (${Prisma.join(ids)}) AND "status" = 'PENDING'`;
    return ids.map(() => undefined);
  }, ROWS_PER_WRITE);
  let failure: { error: unknown } | null = null;
  return {
    /** Resolves once the mark is written, or its write failed (which check() then throws). */
    mark: (id: number): Promise<void> => write(id).catch((error: unknown) => void (failure ??= { error })),
    /** Throws the first failed write. */
    check(): void {
      if (failure) throw failure.error;
    },
  };
}

/**
 * The lease of one worker (`owner`) on the batch it claimed at `claimedAt`. Once a quarter of the lease has passed since
 * the claim or the last renewal, the rows of the batch not yet done are renewed, all in one statement (as webhook
 * deliveries are, modules/webhooks/services/delivery.ts): by a timer while the batch is under way (`keep`), and before each
 * message. The timer is what keeps a row whose message is in flight: renewed only between messages, a slow SMTP
 * exchange (the mail thread starting on a loaded machine, a server that answers late) could outlast the lease, and
 * another worker took the rows in flight and sent them again (CI: two instances, a 3 s lease). A row the worker no
 * longer holds (its process stalled past the lease and another worker took it) is skipped rather than sent twice.
 */
export function batchLease(owner: string, rows: readonly { id: number }[], claimedAt: Date) {
  const renewAfter = (env().SENDOUT_LEASE_SECONDS * 1000) / 4;
  const undone = new Set(rows.map((row) => row.id));
  let held = new Set(undone);
  let leasedAt = claimedAt.getTime();
  let renewing: Promise<void> | null = null;
  const renew = async () => {
    const renewedAt = new Date();
    const ids = [...undone];
    const kept = ids.length
      ? await db().$queryRaw<{ id: number | bigint }[]>`
          UPDATE "SendoutRecipient" SET "leaseUntil" = ${leaseEnd(renewedAt)}
          WHERE "id" IN (${Prisma.join(ids)}) AND "leaseOwner" = ${owner} AND "status" = 'PENDING'
          RETURNING "id"`
      : [];
    held = new Set(kept.map((row) => Number(row.id)));
    leasedAt = renewedAt.getTime();
  };
  const renewIfDue = async () => {
    while (Date.now() - leasedAt > renewAfter) await (renewing ??= renew().finally(() => (renewing = null)));
  };
  return {
    /** Whether the worker may send the row's message now (renewing the batch's lease first when it is due). */
    async holds(id: number): Promise<boolean> {
      await renewIfDue();
      return held.has(id);
    },
    /** The row is done with (sent, refused or given up): not renewed again. */
    done(id: number): void {
      undone.delete(id);
    },
    /**
     * Renews the lease on time while the batch is under way, until the returned function is called. Looks every
     * second at most (a comparison of two numbers) so that a lease of a few seconds is kept too. A failed renewal is
     * tried again at the next look or message; if none succeeds, the rows go back when the lease ends.
     */
    keep(): () => void {
      const timer = setInterval(
        () => {
          renewIfDue().catch((error: unknown) =>
            logger().warn({ err: error, owner }, "a sendout batch's lease could not be renewed"),
          );
        },
        Math.min(renewAfter, 1000),
      );
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
