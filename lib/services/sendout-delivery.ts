// Delivering sendouts: the stored recipients (SendoutRecipient) are the truth of who has been sent what. A worker
// claims a batch of PENDING rows with a lease, sends each message, and marks a row SENT only after the SMTP server
// accepted it. A crash loses nothing (the lease runs out and another worker takes the rows) and can resend only what
// was in flight: handed to the server but not yet marked. Temporary refusals wait with exponential backoff; permanent
// ones (5xx) are recorded on the row. Several workers, in one process or many, never hold the same row.
import "server-only";
import { coalesced, db, isPostgres, Prisma } from "../db";
import { env } from "../env";
import { logger } from "../logger";
import { eachConcurrently } from "../jobs/each-concurrently";
import { sendoutTemplate, type SendoutMessageFor } from "../mail/sendout-message";
import { MailDeliveryError, sendMail } from "../mail/transport";
import type { RecipientStatus } from "../validation/sendout";
import { liveCompanySql } from "./live-records";
import { finishSendouts, startDueSendouts } from "./sendout-states";

interface ClaimedRecipient {
  id: number;
  sendoutId: number;
  memberId: number;
  listId: number;
  email: string;
  attempts: number;
}

const MAX_BACKOFF_MS = 3600_000;
const STATUS_RECHECK_MS = 1000;

/**
 * How many messages of a batch are under way at once: two per pooled connection, so each connection has its next
 * message waiting while the last one finishes (with one per connection they idled between messages and a sendout
 * reached a third of what the pool can carry). What a crash can send twice is at most these: a lane waits for its
 * message's SENT mark before it takes the next one (sentMarks).
 */
function messagesInFlight(): number {
  return env().SMTP_POOL_SIZE * 2;
}

/**
 * A batch a lease can cover: at the configured rate, a quarter of the lease is enough to send it (unthrottled: 200),
 * so a healthy worker never loses its rows to another; never fewer than are under way at once.
 */
function batchSize(): number {
  const { SMTP_MAX_PER_SECOND, SENDOUT_LEASE_SECONDS } = env();
  const affordable = SMTP_MAX_PER_SECOND > 0 ? Math.floor((SMTP_MAX_PER_SECOND * SENDOUT_LEASE_SECONDS) / 4) : 200;
  return Math.max(messagesInFlight(), Math.min(200, affordable));
}

const leaseEnd = (from = new Date()) => new Date(from.getTime() + env().SENDOUT_LEASE_SECONDS * 1000);

/**
 * Leases up to `limit` due PENDING rows of SENDING sendouts (of live companies: a deleted one's stop) to `owner`: the
 * oldest sendout's first, each sendout's in the order they were added.
 *
 * Sendout by sendout, so that each claim is one sendout's rows in the order of the index on (sendoutId, status, id):
 * it reads `limit` rows and stops. Over every sendout at once, both databases sorted every pending row of the
 * sendout for each claim (SQLite a temporary B-tree, PostgreSQL a bitmap scan and a sort of 10,000 rows in 24 ms),
 * and the time per message grew with the size of the sendout (issue 21).
 */
export async function claimRecipients(owner: string, limit: number, now = new Date()): Promise<ClaimedRecipient[]> {
  const sendouts = await db().$queryRaw<{ id: number | bigint }[]>`
    SELECT s."id" FROM "Sendout" s JOIN "Company" c ON c."id" = s."companyId"
    WHERE s."status" = 'SENDING' AND ${liveCompanySql("c")} ORDER BY s."id"`;
  const claimed: ClaimedRecipient[] = [];
  for (const { id } of sendouts) {
    if (claimed.length >= limit) break;
    claimed.push(...(await claimRecipientsOf(Number(id), owner, limit - claimed.length, now)));
  }
  return claimed.sort((a, b) => a.id - b.id);
}

/**
 * One sendout's part of claimRecipients, in one statement, so no two workers get a row: SQLite runs it alone; on
 * PostgreSQL the rows are locked as picked, and rows another worker is picking are skipped rather than waited for
 * (the CTE with FOR UPDATE is evaluated once, so its LIMIT holds). The sendout is checked again here: it may have been
 * paused, or its company deleted, since the caller read it.
 */
async function claimRecipientsOf(sendoutId: number, owner: string, limit: number, now: Date): Promise<ClaimedRecipient[]> {
  const lock = isPostgres() ? Prisma.sql`FOR UPDATE OF r SKIP LOCKED` : Prisma.empty;
  const rows = await db().$queryRaw<ClaimedRecipient[]>`
    WITH picked AS (
      SELECT r."id" FROM "SendoutRecipient" r
      WHERE r."sendoutId" = ${sendoutId} AND r."status" = 'PENDING'
        AND (r."leaseUntil" IS NULL OR r."leaseUntil" < ${now})
        AND (r."nextAttemptAt" IS NULL OR r."nextAttemptAt" <= ${now})
        AND EXISTS (
          SELECT 1 FROM "Sendout" s JOIN "Company" c ON c."id" = s."companyId"
          WHERE s."id" = ${sendoutId} AND s."status" = 'SENDING' AND ${liveCompanySql("c")})
      ORDER BY r."id" LIMIT ${limit} ${lock})
    UPDATE "SendoutRecipient" SET "leaseOwner" = ${owner}, "leaseUntil" = ${leaseEnd(now)}
    WHERE "id" IN (SELECT "id" FROM picked)
    RETURNING "id", "sendoutId", "memberId", "listId", "email", "attempts"`;
  return rows.map((r) => ({ ...r, id: Number(r.id), sendoutId: Number(r.sendoutId), memberId: Number(r.memberId), listId: Number(r.listId), attempts: Number(r.attempts) }));
}

// The write made per message (SENT) is tagged SQL (through Prisma's query builder it cost about 1 ms of CPU, its query
// compiler, as much as the whole SMTP exchange). The marks of the messages under way are coalesced (`coalesced`): those
// that arrive while the previous group is written go together into the next, one UPDATE over their rows. One commit
// each held a sendout to 30 messages a second on a busy disk.
const released = { leaseOwner: null, leaseUntil: null };

/** At most this many rows in one write (SQLite and PostgreSQL both take far more bound values). */
const ROWS_PER_WRITE = 500;

/**
 * The SENT marks of one batch: the SMTP server accepted these rows' messages; their attempt counted, their lease given
 * up. The marks of the lanes are written together (on PostgreSQL each write is a round trip). A lane waits for its
 * own: when it went on to its next message instead, a slow write (a busy disk, a lock) let every lane send on while
 * the marks waited, and a crash then sent all of those again (CI: 2,000 recipients, more duplicates than lanes after a
 * SIGKILL). A failed write stops the lanes before their next message (`check`): only what was under way then goes out
 * unmarked, to be sent again when the lease runs out.
 */
function sentMarks() {
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
 * deliveries are, lib/services/webhook-delivery.ts): by a timer while the batch is under way (`keep`), and before each
 * message. The timer is what keeps a row whose message is in flight: renewed only between messages, a slow SMTP
 * exchange (the mail thread starting on a loaded machine, a server that answers late) could outlast the lease, and
 * another worker took the rows in flight and sent them again (CI: two instances, a 3 s lease). A row the worker no
 * longer holds (its process stalled past the lease and another worker took it) is skipped rather than sent twice.
 */
function batchLease(owner: string, rows: ClaimedRecipient[], claimedAt: Date) {
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
      const timer = setInterval(() => {
        renewIfDue().catch((error: unknown) => logger().warn({ err: error, owner }, "a sendout batch's lease could not be renewed"));
      }, Math.min(renewAfter, 1000));
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

async function markFailed(row: ClaimedRecipient, attempts: number, error: string): Promise<void> {
  await db().sendoutRecipient.updateMany({ where: { id: row.id, status: "PENDING" }, data: { status: "FAILED" satisfies RecipientStatus, attempts, error: error.slice(0, 500), ...released } });
}

/**
 * A permanent refusal (5xx), or the last attempt, fails the row; after a temporary one (4xx, no connection, a
 * timeout) it waits base·2^(attempts-1), at most an hour.
 */
async function recordRefusal(row: ClaimedRecipient, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  if ((error instanceof MailDeliveryError && error.permanent) || attempts >= env().SENDOUT_MAX_ATTEMPTS) return markFailed(row, attempts, message);
  const backoff = Math.min(env().SENDOUT_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
  await db().sendoutRecipient.updateMany({
    where: { id: row.id, status: "PENDING" },
    data: { attempts, error: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + backoff), ...released },
  });
}

/** Rows this worker will not send now (it is stopping, or the sendout was paused or cancelled): free at once. */
async function release(owner: string, ids: number[]): Promise<void> {
  if (ids.length) await db().sendoutRecipient.updateMany({ where: { id: { in: ids }, leaseOwner: owner, status: "PENDING" }, data: released });
}

/**
 * Each sendout's template, rendered once and kept for its later batches (rendering the layout cost 15-20 ms a batch,
 * 5 % of a sendout): keyed by what it is made from, so an edit while paused, or the company renamed, renders anew.
 * The last few only: a worker sends a handful of sendouts at a time.
 */
const templates = new Map<string, Promise<SendoutMessageFor>>();
const TEMPLATES_KEPT = 16;

function templateOf(sendout: SendoutTemplateSource): Promise<SendoutMessageFor> {
  const key = `${sendout.id}:${sendout.updatedAt.getTime()}:${sendout.company.name}`;
  let template = templates.get(key);
  if (!template) {
    template = sendoutTemplate({ sendout, organization: { name: sendout.company.name } });
    template.catch(() => templates.delete(key));
    templates.set(key, template);
    if (templates.size > TEMPLATES_KEPT) templates.delete(templates.keys().next().value!);
  }
  return template;
}

type SendoutTemplateSource = Parameters<typeof sendoutTemplate>[0]["sendout"] & { updatedAt: Date; company: { name: string } };

/** What the messages of a batch are made from, in three queries, and each sendout's template (templateOf). */
async function messageContext(rows: ClaimedRecipient[]) {
  const ids = (pick: (r: ClaimedRecipient) => number) => [...new Set(rows.map(pick))];
  const [sendouts, members, lists] = await Promise.all([
    db().sendout.findMany({ where: { id: { in: ids((r) => r.sendoutId) } }, include: { company: { select: { name: true } } } }),
    db().member.findMany({
      where: { id: { in: ids((r) => r.memberId) } },
      select: { id: true, uuid: true, firstname: true, lastname: true, erasedAt: true, globalOptOutAt: true },
    }),
    db().subscriptionList.findMany({ where: { id: { in: ids((r) => r.listId) } }, select: { id: true, uuid: true } }),
  ]);
  const messageFor = await Promise.all(sendouts.map(templateOf));
  return {
    messageFor: new Map<number, SendoutMessageFor>(sendouts.map((s, i) => [s.id, messageFor[i]])),
    member: new Map(members.map((m) => [m.id, m])),
    list: new Map(lists.map((l) => [l.id, l])),
  };
}

/** Whether a sendout is still SENDING, read again at most once a second per sendout, so a pause takes effect mid-batch. */
function sendingCheck() {
  const known = new Map<number, { sending: boolean; at: number }>();
  return async (sendoutId: number) => {
    const cached = known.get(sendoutId);
    if (cached && Date.now() - cached.at < STATUS_RECHECK_MS) return cached.sending;
    const row = await db().sendout.findUnique({ where: { id: sendoutId }, select: { status: true } });
    known.set(sendoutId, { sending: row?.status === "SENDING", at: Date.now() });
    return row?.status === "SENDING";
  };
}

/** Sends a claimed batch, messagesInFlight() at a time (the transport's pool and rate limit do the rest). */
async function deliver(owner: string, rows: ClaimedRecipient[], claimedAt: Date, stopping: () => boolean): Promise<void> {
  const context = await messageContext(rows);
  const stillSending = sendingCheck();
  const lease = batchLease(owner, rows, claimedAt);
  const marks = sentMarks();
  const skipped: number[] = [];
  const stopKeeping = lease.keep();
  try {
    await eachConcurrently(rows, messagesInFlight(), async (row) => {
      marks.check();
      if (stopping() || !(await stillSending(row.sendoutId))) {
        skipped.push(row.id);
        return;
      }
      const member = context.member.get(row.memberId);
      const list = context.list.get(row.listId);
      // Someone erased, or opted out of everything, after the recipients were fixed gets nothing; nor does a row whose
      // list (and so its unsubscribe link) was deleted meanwhile.
      const gone = !member || member.erasedAt ? "member erased" : member.globalOptOutAt ? "member opted out of all mail" : !list ? "list deleted" : null;
      if (gone || !member || !list) return markFailed(row, row.attempts, `${gone} before sending`);
      if (!(await lease.holds(row.id))) return;
      try {
        const messageFor = context.messageFor.get(row.sendoutId)!;
        await sendMail(messageFor({ id: row.id, email: row.email, memberUuid: member.uuid, firstname: member.firstname, lastname: member.lastname }, list));
      } catch (error) {
        lease.done(row.id);
        return recordRefusal(row, error);
      }
      // The lane waits for its row's mark before its next message, so what was accepted and not yet marked (what a
      // crash sends again) is never more than the lanes, however slow the writes. Renewed until then: a mark held up
      // past the lease would let another worker send it again.
      await marks.mark(row.id);
      lease.done(row.id);
    });
    marks.check();
  } finally {
    stopKeeping();
  }
  await release(owner, skipped);
}

/**
 * One round of a worker: start the scheduled sendouts that are due, claim a batch and send it, mark the sendouts that
 * have nothing pending SENT. True when the batch was full (more is likely waiting).
 */
export async function runSendoutRound(owner: string, stopping: () => boolean): Promise<boolean> {
  await startDueSendouts();
  const limit = batchSize();
  const claimedAt = new Date();
  const rows = stopping() ? [] : await claimRecipients(owner, limit, claimedAt);
  if (rows.length) await deliver(owner, rows, claimedAt, stopping);
  await finishSendouts();
  return rows.length === limit && !stopping();
}
