// Delivering sendouts: the stored recipients (SendoutRecipient) are the truth of who has been sent what. A worker
// claims a batch of PENDING rows with a lease (sendout-claims.ts), sends each message, and marks a row SENT only after
// the SMTP server accepted it (sendout-row-writes.ts). A crash loses nothing (the lease runs out and another worker
// takes the rows) and can resend only what was in flight: handed to the server but not yet marked. Temporary refusals
// wait with exponential backoff; permanent ones (5xx) are recorded on the row. Several workers, in one process or
// many, never hold the same row.
import "server-only";
import { db } from "../db";
import { env } from "../env";
import { sendoutTemplate, type SendoutMessageFor } from "../mail/sendout-message";
import { sendMail } from "../mail/transport";
import { claimRecipients, release, type ClaimedRecipient } from "./sendout-claims";
import { markFailed, recordRefusal, rowWrites } from "./sendout-row-writes";
import { finishSendouts, startDueSendouts } from "./sendout-states";

const STATUS_RECHECK_MS = 1000;

/**
 * A round claims no new batch after this long, so that scheduled sendouts start, finished ones are marked SENT and
 * (through the caller) other instances are woken at least this often.
 */
const ROUND_MS = 5000;

/**
 * How many messages are under way at once: two per pooled connection, so each connection has its next message
 * waiting while the last one's row is written (with one per connection they idled through every write and a sendout
 * reached a third of what the pool can carry). Also the most a crash can send twice: a message accepted by the server
 * and not yet marked SENT.
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

/** A claimed row, what its batch's messages are made from, and when the batch's lease began (Date.now()). */
interface Claimed {
  row: ClaimedRecipient;
  context: Awaited<ReturnType<typeof messageContext>>;
  claimedAt: number;
}

/**
 * Whether a row's lease from its claim is still fresh: nine tenths of it left (108 s of the default 120). Its message
 * then goes out without renewing the lease first; no other worker can take the row for that long, and a batch is
 * sized to be sent within a quarter of the lease, so a healthy worker renews nothing and writes one statement per
 * message group instead of two. A row past that (a slow server, a throttled batch) is renewed just before its send,
 * which also tells whether the worker still holds it.
 */
function leaseIsFresh(claimedAt: number): boolean {
  return Date.now() - claimedAt < (env().SENDOUT_LEASE_SECONDS * 1000) / 10;
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

/**
 * The rows of a round, batch after batch. The next batch is claimed (and its members read) as soon as the current one
 * is down to `refillAt` rows not yet handed out, so its messages are ready when the last of the current batch are in
 * flight. Claimed one batch at a time and only then (the worker never holds more than two batches): the connections
 * of the pool no longer drain and stand idle between batches while the next is claimed and the batch is finished
 * (11-18 % of a profiled sendout's time was idle; with this 3-4 %). `claim` resolves to null when there is to be no
 * further batch.
 */
function batchFeed(claim: () => Promise<Claimed[] | null>, refillAt: number): () => Promise<Claimed | undefined> {
  const queue: Claimed[] = [];
  let claiming: Promise<void> | null = null;
  let done = false;
  let failure: unknown;
  const refill = () => {
    claiming = claim().then(
      (batch) => {
        if (batch) queue.push(...batch);
        else done = true;
      },
      // Kept for the lanes: thrown once what was claimed before is handed out.
      (error: unknown) => {
        failure = error;
        done = true;
      },
    );
    void claiming.then(() => (claiming = null));
  };
  return async function next() {
    for (;;) {
      if (!done && !claiming && queue.length <= refillAt) refill();
      if (queue.length) return queue.shift();
      if (claiming) await claiming;
      else if (failure !== undefined) throw failure;
      else return undefined;
    }
  };
}

/** Runs `lanes` copies of `lane` at once until every one has ended; then throws the first error, if any. */
async function inLanes(lanes: number, lane: () => Promise<void>): Promise<void> {
  const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const failed = ended.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * One round of a worker: start the scheduled sendouts that are due, then claim batches and send them,
 * messagesInFlight() at a time (the transport's pool and rate limit do the rest), until a claim comes back short,
 * the worker stops or the round has run ROUND_MS; release what was claimed and not sent; mark the sendouts that have
 * nothing pending SENT. True when the last batch was full (more is likely waiting).
 */
export async function runSendoutRound(owner: string, stopping: () => boolean): Promise<boolean> {
  await startDueSendouts();
  const limit = batchSize();
  const started = Date.now();
  const stillSending = sendingCheck();
  const write = rowWrites(owner);
  const skipped: number[] = [];
  let full = true;
  let failed = false;
  const next = batchFeed(async () => {
    if (!full || failed || stopping() || Date.now() - started > ROUND_MS) return null;
    const claimedAt = Date.now();
    const rows = await claimRecipients(owner, limit);
    full = rows.length === limit;
    if (!rows.length) return null;
    const context = await messageContext(rows);
    return rows.map((row) => ({ row, context, claimedAt }));
  }, messagesInFlight());
  const send = async ({ row, context, claimedAt }: Claimed) => {
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
    if (!leaseIsFresh(claimedAt) && !(await write({ renew: row.id }))) return;
    try {
      const messageFor = context.messageFor.get(row.sendoutId)!;
      await sendMail(messageFor({ id: row.id, email: row.email, memberUuid: member.uuid, firstname: member.firstname, lastname: member.lastname }, list));
    } catch (error) {
      return recordRefusal(row, error);
    }
    await write({ sent: row.id });
  };
  try {
    await inLanes(messagesInFlight(), async () => {
      try {
        for (let claimed = await next(); claimed; claimed = await next()) await send(claimed);
      } catch (error) {
        // No further batch; the other lanes send what is claimed.
        failed = true;
        throw error;
      }
    });
  } finally {
    await release(owner, skipped);
  }
  await finishSendouts();
  return full && !stopping();
}
