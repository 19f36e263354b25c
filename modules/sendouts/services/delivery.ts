// Delivering sendouts: the stored recipients (SendoutRecipient) are the truth of who has been sent what. A worker
// claims a batch of PENDING rows with a lease, sends each message, and marks a row SENT only after the SMTP server
// accepted it. A crash loses nothing (the lease runs out and another worker takes the rows) and can resend only what
// was in flight: handed to the server but not yet marked. Temporary refusals wait with exponential backoff; permanent
// ones (5xx) are recorded on the row. Several workers, in one process or many, never hold the same row.
import "server-only";
import { db, isPostgres, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { sendoutTemplate, type SendoutMessageFor } from "../mail/sendout-message";
import { MailDeliveryError, sendMail } from "@/lib/mail/transport";
import type { RecipientStatus } from "../schemas/sendout";
import { liveCompanySql } from "@/lib/live-records";
import { batchLease, leaseEnd, sentMarks } from "./leases";
import { finishSendouts, startDueSendouts } from "./states";
import { ACTIVITY_CONTACT } from "./activity-recipients";

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

/**
 * Leases up to `limit` due PENDING rows of SENDING sendouts (of live companies: a deleted one's stop) to `owner`: the
 * oldest sendout's first, each sendout's in the order they were added.
 *
 * Sendout by sendout, so that each claim is one sendout's rows in the order of the index on (sendoutId, status, id):
 * it reads `limit` rows and stops. Over every sendout at once, both databases sorted every pending row of the
 * sendout for each claim (SQLite a temporary B-tree, PostgreSQL a bitmap scan and a sort of 10,000 rows in 24 ms),
 * and the time per message grew with the size of the sendout.
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
async function claimRecipientsOf(
  sendoutId: number,
  owner: string,
  limit: number,
  now: Date,
): Promise<ClaimedRecipient[]> {
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
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    sendoutId: Number(r.sendoutId),
    memberId: Number(r.memberId),
    listId: Number(r.listId),
    attempts: Number(r.attempts),
  }));
}

/** A row's lease given up. */
const released = { leaseOwner: null, leaseUntil: null };

async function markFailed(row: ClaimedRecipient, attempts: number, error: string): Promise<void> {
  await db().sendoutRecipient.updateMany({
    where: { id: row.id, status: "PENDING" },
    data: { status: "FAILED" satisfies RecipientStatus, attempts, error: error.slice(0, 500), ...released },
  });
}

/**
 * A permanent refusal (5xx), or the last attempt, fails the row; after a temporary one (4xx, no connection, a
 * timeout) it waits base·2^(attempts-1), at most an hour.
 */
async function recordRefusal(row: ClaimedRecipient, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const message = error instanceof Error ? error.message : String(error);
  if ((error instanceof MailDeliveryError && error.permanent) || attempts >= env().SENDOUT_MAX_ATTEMPTS)
    return markFailed(row, attempts, message);
  const backoff = Math.min(env().SENDOUT_RETRY_BASE_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
  await db().sendoutRecipient.updateMany({
    where: { id: row.id, status: "PENDING" },
    data: { attempts, error: message.slice(0, 500), nextAttemptAt: new Date(Date.now() + backoff), ...released },
  });
}

/** Rows this worker will not send now (it is stopping, or the sendout was paused or cancelled): free at once. */
async function release(owner: string, ids: number[]): Promise<void> {
  if (ids.length)
    await db().sendoutRecipient.updateMany({
      where: { id: { in: ids }, leaseOwner: owner, status: "PENDING" },
      data: released,
    });
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
    template = sendoutTemplate({
      sendout,
      organization: { name: sendout.company.name },
      toActivities: sendout.activities.length > 0,
    });
    template.catch(() => templates.delete(key));
    templates.set(key, template);
    if (templates.size > TEMPLATES_KEPT) templates.delete(templates.keys().next().value!);
  }
  return template;
}

type SendoutTemplateSource = Parameters<typeof sendoutTemplate>[0]["sendout"] & {
  updatedAt: Date;
  company: { name: string };
  activities: unknown[];
};

/** What the messages of a batch are made from, in three queries, and each sendout's template (templateOf). */
async function messageContext(rows: ClaimedRecipient[]) {
  const ids = (pick: (r: ClaimedRecipient) => number) => [...new Set(rows.map(pick))];
  const [sendouts, members, lists] = await Promise.all([
    db().sendout.findMany({
      where: { id: { in: ids((r) => r.sendoutId) } },
      include: { company: { select: { name: true } }, activities: { select: { activityId: true }, take: 1 } },
    }),
    db().member.findMany({
      where: { id: { in: ids((r) => r.memberId) } },
      select: { id: true, uuid: true, firstname: true, lastname: true, erasedAt: true, globalOptOutAt: true },
    }),
    db().subscriptionList.findMany({
      where: { id: { in: ids((r) => r.listId) } },
      select: { id: true, uuid: true, name: true },
    }),
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

/** A claimed batch: its rows, what their messages are made from, and its lease, kept while it is under way. */
interface Batch {
  rows: ClaimedRecipient[];
  context: Awaited<ReturnType<typeof messageContext>>;
  lease: ReturnType<typeof batchLease>;
  stopKeeping: () => void;
}

/** Claims up to `limit` rows for `owner` and reads what their messages are made from; null when none is due. */
async function claimBatch(owner: string, limit: number): Promise<Batch | null> {
  const claimedAt = new Date();
  const rows = await claimRecipients(owner, limit, claimedAt);
  if (!rows.length) return null;
  const context = await messageContext(rows);
  const lease = batchLease(owner, rows, claimedAt);
  return { rows, context, lease, stopKeeping: lease.keep() };
}

/**
 * A round claims further batches for this long (while each claim comes back full), then ends once what it claimed is
 * done: between rounds, scheduled sendouts start, finished ones become SENT, and a full round wakes other instances.
 */
const ROUND_CLAIMS_MS = 5000;

/**
 * The rows a round's lanes take, batch after batch. The next batch is claimed, and its context read, while the lanes
 * still send the last messages of the one before (once fewer rows are left to start than there are lanes), so that no
 * lane waits for a batch's slowest message. With one batch per round every lane waited for it, and nodemailer's pool
 * reopens a connection after 100 messages, which made the last message of every second batch of 200 take 50-100 ms:
 * PostgreSQL 740 messages a second against 865 with the claim ahead (profile-sendout-server, 18,000 recipients).
 */
function batchFeed(owner: string, limit: number, stopping: () => boolean) {
  const started = Date.now();
  const lanes = messagesInFlight();
  const batches: Batch[] = [];
  let queue: { row: ClaimedRecipient; batch: Batch }[] = [];
  let full = true;
  let claiming: Promise<void> | null = null;
  let failure: { error: unknown } | null = null;
  let closed = false;
  const mayClaim = () => full && !failure && !closed && !stopping() && Date.now() - started < ROUND_CLAIMS_MS;
  const claimAhead = () => {
    if (claiming || !mayClaim()) return;
    claiming = claimBatch(owner, limit)
      .then((batch) => {
        full = batch?.rows.length === limit;
        if (!batch) return;
        // Claimed after the round failed and closed (a lane's claim ahead in flight): its lease is not renewed, its rows
        // go back when it ends. Kept, it would have been renewed for as long as the process ran, and never sent.
        if (closed) return batch.stopKeeping();
        batches.push(batch);
        queue = queue.concat(batch.rows.map((row) => ({ row, batch })));
      })
      // Claims no more; a lane that runs out of rows ends the round with the error.
      .catch((error: unknown) => void (failure ??= { error }))
      .finally(() => (claiming = null));
  };
  return {
    /** The next row to send and its batch; undefined when the round has no more. Throws a failed claim's error. */
    async next(): Promise<{ row: ClaimedRecipient; batch: Batch } | undefined> {
      for (;;) {
        const item = queue.shift();
        if (item) {
          if (queue.length < lanes) claimAhead();
          return item;
        }
        claimAhead();
        if (claiming) await claiming;
        else if (failure) throw failure.error;
        else return undefined;
      }
    },
    /** Whether the last claim was full: more is likely waiting. */
    full: () => full,
    /** Stops renewing the leases and claims no more (the round is over, or failed while lanes still run). */
    close(): void {
      closed = true;
      for (const batch of batches) batch.stopKeeping();
    },
  };
}

/**
 * One round of a worker: start the scheduled sendouts that are due; claim batches and send them, messagesInFlight() at
 * a time (the transport's pool and rate limit do the rest); mark the sendouts that have nothing pending SENT. True when
 * the last claim was full (more is likely waiting).
 */
export async function runSendoutRound(owner: string, stopping: () => boolean): Promise<boolean> {
  await startDueSendouts();
  const feed = batchFeed(owner, batchSize(), stopping);
  const stillSending = sendingCheck();
  const marks = sentMarks();
  const skipped: number[] = [];
  const send = async ({ row, batch: { context, lease } }: { row: ClaimedRecipient; batch: Batch }) => {
    marks.check();
    if (stopping() || !(await stillSending(row.sendoutId))) {
      skipped.push(row.id);
      return;
    }
    const member = context.member.get(row.memberId);
    // listId 0: an activity's contact, whose message is a service message without a list (sendout-message.ts).
    const list = row.listId === ACTIVITY_CONTACT ? null : context.list.get(row.listId);
    // Someone erased, or opted out of everything, after the recipients were fixed gets nothing; nor does a row whose
    // list (and so its unsubscribe link) was deleted meanwhile.
    const gone =
      !member || member.erasedAt
        ? "member erased"
        : member.globalOptOutAt
          ? "member opted out of all mail"
          : list === undefined
            ? "list deleted"
            : null;
    if (gone || !member || list === undefined) return markFailed(row, row.attempts, `${gone} before sending`);
    if (!(await lease.holds(row.id))) return;
    try {
      const messageFor = context.messageFor.get(row.sendoutId)!;
      await sendMail(
        messageFor(
          {
            id: row.id,
            email: row.email,
            memberUuid: member.uuid,
            firstname: member.firstname,
            lastname: member.lastname,
          },
          list,
        ),
      );
    } catch (error) {
      lease.done(row.id);
      return recordRefusal(row, error);
    }
    // The lane waits for its row's mark before its next message, so what was accepted and not yet marked (what a
    // crash sends again) is never more than the lanes, however slow the writes. Renewed until then: a mark held up
    // past the lease would let another worker send it again.
    await marks.mark(row.id);
    lease.done(row.id);
  };
  try {
    const lane = async () => {
      for (let item = await feed.next(); item; item = await feed.next()) await send(item);
    };
    await Promise.all(Array.from({ length: messagesInFlight() }, lane));
    marks.check();
  } finally {
    feed.close();
  }
  await release(owner, skipped);
  await finishSendouts();
  return feed.full() && !stopping();
}
