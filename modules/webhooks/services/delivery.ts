// Delivering webhooks: the rows are the truth, as for sendouts (sendout-delivery.ts). A round fans new events out of
// the outbox into deliveries (webhook-fan-out.ts), claims due deliveries with a lease, POSTs each, signed per Standard
// Webhooks, and records the round's attempts together. A delivery is DELIVERED only after a 2xx; otherwise it waits the
// next step of the retry schedule (more than a day in all) and is FAILED when the schedule is used up. A crash loses
// nothing (the lease runs out and another worker takes the rows) and can repeat only what was in flight, with the
// same webhook-id, so receivers can drop the repeat.
import "server-only";
import { Webhook } from "standardwebhooks";
import { db, isPostgres, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { answeringRequests } from "@/lib/jobs/foreground";
import { eachConcurrently } from "@/lib/jobs/each-concurrently";
import { logger } from "@/lib/logger";
import { recordOutcomes, type Outcome } from "./attempts";
import { fanOut } from "./fan-out";
import { postWebhook } from "./target";
import { openSecret } from "./webhooks";

const FAN_OUT_BATCH = 100;
const CONCURRENCY = 8;
const CLAIM_BATCH = CONCURRENCY * 4;
/**
 * While the process answers requests (lib/jobs/foreground.ts), a round fans out and sends this many, one at a time,
 * then pauses BUSY_PAUSE_PER_ROUND times as long as the round took (at least BUSY_PAUSE_MS): deliveries share the
 * process with the requests that cause them (two events per public subscribe), and at full speed they took a third of
 * S2's throughput (the target: at most 10 %, the outbox INSERT in the subscribe included). A pause of its own length
 * would let cheaper rounds simply run more often: when delivering got cheaper, a fixed 100 ms pause took S2 from 0.80
 * to 0.60 of its throughput. So the worker holds the process at most a twentieth of the time, and less of it the
 * busier the process (a round then waits longer for its turn); at 1 ms of CPU an event that still delivers about 50
 * events a second under full load. What waits is sent at full speed once the requests stop; an instance with
 * WEBHOOK_WORKER on and no traffic is never slowed.
 */
const BUSY_BATCH = 4;
const BUSY_PAUSE_MS = 100;
const BUSY_PAUSE_PER_ROUND = 19;

const leaseEnd = (from = new Date()) => new Date(from.getTime() + env().WEBHOOK_LEASE_SECONDS * 1000);

interface ClaimedDelivery {
  id: number;
  messageId: string;
  endpointId: number;
  eventId: number;
  attempts: number;
  retryStep: number;
}

/** Leases up to `limit` due PENDING deliveries of enabled endpoints to `owner`, in one statement (as sendouts do). */
async function claimDeliveries(owner: string, limit: number, now = new Date()): Promise<ClaimedDelivery[]> {
  const lock = isPostgres() ? Prisma.sql`FOR UPDATE OF d SKIP LOCKED` : Prisma.empty;
  const rows = await db().$queryRaw<ClaimedDelivery[]>`
    WITH picked AS (
      SELECT d."id" FROM "WebhookDelivery" d
      JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
      WHERE d."status" = 'PENDING' AND e."enabled" = ${true} AND d."nextAttemptAt" <= ${now}
        AND (d."leaseUntil" IS NULL OR d."leaseUntil" < ${now})
      ORDER BY d."nextAttemptAt", d."id" LIMIT ${limit} ${lock})
    UPDATE "WebhookDelivery" SET "leaseOwner" = ${owner}, "leaseUntil" = ${leaseEnd(now)}
    WHERE "id" IN (SELECT "id" FROM picked)
    RETURNING "id", "messageId", "endpointId", "eventId", "attempts", "retryStep"`;
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    endpointId: Number(r.endpointId),
    eventId: Number(r.eventId),
    attempts: Number(r.attempts),
    retryStep: Number(r.retryStep),
  }));
}

interface DeliveryTarget {
  id: number;
  url: string;
  /** The endpoint's signer, its secret opened once per batch rather than once per delivery. */
  signer: Webhook;
}

/**
 * What a claimed batch is sent to and with: the endpoints still enabled, by id, and the events' payloads, by id. Read
 * once per batch: an endpoint disabled while its batch is under way gets at most the rest of that batch.
 */
async function batchTargets(
  rows: ClaimedDelivery[],
): Promise<{ endpoints: Map<number, DeliveryTarget>; payloads: Map<number, string> }> {
  const endpointIds = [...new Set(rows.map((r) => r.endpointId))];
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const [endpoints, events] = await Promise.all([
    db().$queryRaw<{ id: number | bigint; url: string; secretEncrypted: string }[]>`
      SELECT "id", "url", "secretEncrypted" FROM "WebhookEndpoint" WHERE "id" IN (${Prisma.join(endpointIds)}) AND "enabled" = ${true}`,
    db().$queryRaw<
      { id: number; payload: string }[]
    >`SELECT "id", "payload" FROM "WebhookEvent" WHERE "id" IN (${Prisma.join(eventIds)})`,
  ]);
  return {
    endpoints: new Map(
      endpoints.map((e) => [Number(e.id), { id: Number(e.id), url: e.url, signer: new Webhook(openSecret(e)) }]),
    ),
    payloads: new Map(events.map((e) => [Number(e.id), e.payload])),
  };
}

const released = { leaseOwner: null, leaseUntil: null };

/**
 * Sends one claimed delivery; the outcome is recorded with its round's. The lease is renewed before sending once a
 * quarter of it has passed since the claim (a batch that took long may have lost rows to another worker, which are
 * then skipped rather than sent twice).
 */
async function attempt(
  owner: string,
  row: ClaimedDelivery,
  claimedAt: number,
  targets: Awaited<ReturnType<typeof batchTargets>>,
): Promise<Outcome | null> {
  const endpoint = targets.endpoints.get(row.endpointId);
  const payload = targets.payloads.get(row.eventId);
  if (!endpoint || payload === undefined) {
    await db().webhookDelivery.updateMany({ where: { id: row.id, leaseOwner: owner }, data: released });
    return null;
  }
  if (Date.now() - claimedAt > (env().WEBHOOK_LEASE_SECONDS * 1000) / 4) {
    const held = await db().$executeRaw`
      UPDATE "WebhookDelivery" SET "leaseUntil" = ${leaseEnd()} WHERE "id" = ${row.id} AND "leaseOwner" = ${owner} AND "status" = 'PENDING'`;
    if (held !== 1) return null;
  }
  const sentAt = new Date();
  const answer = await postWebhook(
    endpoint.url,
    {
      "webhook-id": row.messageId,
      "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
      "webhook-signature": endpoint.signer.sign(row.messageId, sentAt, payload),
    },
    payload,
  );
  return { row, endpointId: endpoint.id, sentAt, answer };
}

let prunedAt = 0;

/**
 * Finished deliveries (and their attempts) are kept WEBHOOK_RETENTION_DAYS after they were created, and an event goes
 * with its last delivery. At most once an hour per process, starting with its first round.
 */
async function pruneOld(now = Date.now()): Promise<void> {
  if (now - prunedAt < 3600e3) return;
  prunedAt = now;
  const before = new Date(now - env().WEBHOOK_RETENTION_DAYS * 86400e3);
  await db().webhookDelivery.deleteMany({ where: { status: { not: "PENDING" }, createdAt: { lt: before } } });
  await db().webhookEvent.deleteMany({ where: { fannedOutAt: { lt: before }, deliveries: { none: {} } } });
}

/**
 * One round of a worker: fan out new events, then send a batch of due deliveries (a small one while the process
 * answers requests). True when more is waiting.
 */
export async function runWebhookRound(owner: string, stopping: () => boolean): Promise<boolean> {
  await pruneOld();
  const started = performance.now();
  const busy = answeringRequests();
  const moreEvents = await fanOut(busy ? BUSY_BATCH : FAN_OUT_BATCH);
  if (stopping()) return false;
  const claimed = busy ? BUSY_BATCH : CLAIM_BATCH;
  const rows = await claimDeliveries(owner, claimed);
  const claimedAt = Date.now();
  const targets = rows.length ? await batchTargets(rows) : null;
  const outcomes: Outcome[] = [];
  await eachConcurrently(rows, busy ? 1 : CONCURRENCY, async (row) => {
    if (stopping()) {
      await db().webhookDelivery.updateMany({
        where: { id: row.id, leaseOwner: owner, status: "PENDING" },
        data: released,
      });
      return;
    }
    try {
      const outcome = await attempt(owner, row, claimedAt, targets!);
      if (outcome) outcomes.push(outcome);
    } catch (error) {
      // The lease runs out and the delivery is tried again; the attempt left no record.
      logger().error({ err: error, deliveryId: row.id }, "webhook delivery failed unexpectedly");
    }
  });
  try {
    await recordOutcomes(owner, outcomes);
  } catch (error) {
    // As above: the leases run out and the round's deliveries are tried again, with their webhook-ids.
    logger().error({ err: error, deliveries: outcomes.length }, "recording webhook attempts failed");
  }
  const more = (moreEvents || rows.length === claimed) && !stopping();
  if (more && busy) {
    const pause = Math.max(BUSY_PAUSE_MS, BUSY_PAUSE_PER_ROUND * (performance.now() - started));
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return more;
}
