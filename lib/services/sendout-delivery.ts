// Delivering sendouts: the stored recipients (SendoutRecipient) are the truth of who has been sent what. A worker
// claims a batch of PENDING rows with a lease, sends each message, and marks a row SENT only after the SMTP server
// accepted it. A crash loses nothing (the lease runs out and another worker takes the rows) and can resend only what
// was in flight: handed to the server but not yet marked. Temporary refusals wait with exponential backoff; permanent
// ones (5xx) are recorded on the row. Several workers, in one process or many, never hold the same row.
import "server-only";
import { coalesced, db, isPostgres, Prisma } from "../db";
import { env } from "../env";
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
 * message waiting while the last one's row is written (with one per connection they idled through every write and a
 * sendout reached a third of what the pool can carry). Also the most a crash can send twice: a message accepted by
 * the server and not yet marked SENT.
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

// The two writes made per message are tagged SQL (through Prisma's query builder each cost about 1 ms of CPU, its query
// compiler, as much as the whole SMTP exchange; as SQL a quarter of that). The writes of the messages under way are
// coalesced (`coalesced`): those that arrive while the previous group commits go together into the next, one UPDATE
// over their rows per kind, both in one transaction. One commit each held a sendout to 30 messages a second on a busy
// disk; one statement each cost the worker a quarter of its time at 600 messages a second.
const released = { leaseOwner: null, leaseUntil: null };

/** At most this many writes in one group (SQLite and PostgreSQL both take far more bound values). */
const WRITES_PER_GROUP = 500;

type RowWrite = { renew: number } | { sent: number };

/**
 * The row writes of one worker (`owner`) for one batch. `renew`: just before its message goes out, whether the worker
 * still holds the row, renewing the lease if so; a batch that took longer than the lease may have lost rows to another
 * worker, which are skipped rather than sent twice, so only a single send outlasting the whole lease could make a
 * duplicate. `sent`: the SMTP server accepted the message: SENT, its attempt counted, its lease given up.
 */
function rowWrites(owner: string): (write: RowWrite) => Promise<boolean> {
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
    const results = await db().$transaction([renewal, marking].filter((statement) => statement !== null));
    const held = renewal ? (results[0] as { id: number | bigint }[]) : [];
    const renewed = new Set(held.map((row) => Number(row.id)));
    return writes.map((w) => ("renew" in w ? renewed.has(w.renew) : true));
  }, WRITES_PER_GROUP);
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

/** What the messages of a batch are made from, in three queries, and each sendout's template rendered once. */
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
  const templates = await Promise.all(sendouts.map((s) => sendoutTemplate({ sendout: s, organization: { name: s.company.name } })));
  return {
    messageFor: new Map<number, SendoutMessageFor>(sendouts.map((s, i) => [s.id, templates[i]])),
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
async function deliver(owner: string, rows: ClaimedRecipient[], stopping: () => boolean): Promise<void> {
  const context = await messageContext(rows);
  const stillSending = sendingCheck();
  const write = rowWrites(owner);
  const skipped: number[] = [];
  await eachConcurrently(rows, messagesInFlight(), async (row) => {
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
    if (!(await write({ renew: row.id }))) return;
    try {
      const messageFor = context.messageFor.get(row.sendoutId)!;
      await sendMail(messageFor({ id: row.id, email: row.email, memberUuid: member.uuid, firstname: member.firstname, lastname: member.lastname }, list));
    } catch (error) {
      return recordRefusal(row, error);
    }
    await write({ sent: row.id });
  });
  await release(owner, skipped);
}

/**
 * One round of a worker: start the scheduled sendouts that are due, claim a batch and send it, mark the sendouts that
 * have nothing pending SENT. True when the batch was full (more is likely waiting).
 */
export async function runSendoutRound(owner: string, stopping: () => boolean): Promise<boolean> {
  await startDueSendouts();
  const limit = batchSize();
  const rows = stopping() ? [] : await claimRecipients(owner, limit);
  if (rows.length) await deliver(owner, rows, stopping);
  await finishSendouts();
  return rows.length === limit && !stopping();
}
