// Delivering webhooks: the rows are the truth, as for sendouts (sendout-delivery.ts). A round fans new events out of
// the outbox (WebhookEvent) into one WebhookDelivery per endpoint that wants the event and whose scope covers the
// event's company, then claims due deliveries with a lease and POSTs each, signed per Standard Webhooks. A delivery
// is DELIVERED only after a 2xx; otherwise it waits the next step of the retry schedule (more than a day in all) and
// is FAILED when the schedule is used up. A crash loses nothing (the lease runs out and another worker takes the
// rows) and can repeat only what was in flight, with the same webhook-id, so receivers can drop the repeat.
import "server-only";
import { Webhook } from "standardwebhooks";
import { db, isPostgres, Prisma } from "../db";
import { env } from "../env";
import { answeringRequests } from "../jobs/foreground";
import { logger } from "../logger";
import { companyWithAncestors } from "./company-tree";
import { disableFailingEndpoint } from "./webhook-notice";
import { payloadOf } from "./webhook-payloads";
import { postWebhook } from "./webhook-target";
import { newMessageId, openSecret } from "./webhooks";

/** The waits after each failed attempt (Standard Webhooks' suggestion): 8 attempts over about 27.5 hours. */
const RETRY_SCHEDULE_MS = [5e3, 5 * 60e3, 30 * 60e3, 2 * 3600e3, 5 * 3600e3, 10 * 3600e3, 10 * 3600e3];
const FAN_OUT_BATCH = 100;
const CONCURRENCY = 8;
const CLAIM_BATCH = CONCURRENCY * 4;
/**
 * While the process answers requests (lib/jobs/foreground.ts), a round fans out and sends this many, one at a time,
 * then pauses BUSY_PAUSE_PER_ROUND times as long as the round took (at least BUSY_PAUSE_MS): deliveries share the
 * process with the requests that cause them (two events per public subscribe), and at full speed they took a third of
 * S2's throughput (issue 21: at most 10 %). A pause of its own length would let cheaper rounds simply run more often:
 * when delivering got cheaper, a fixed 100 ms pause took S2 from 0.80 to 0.60 of its throughput. So the worker holds
 * the process at most a tenth of the time, and less of it the busier the process (a round then waits longer for its
 * turn). What waits is sent at full speed once the requests stop; an instance with WEBHOOK_WORKER on and no traffic is
 * never slowed.
 */
const BUSY_BATCH = 4;
const BUSY_PAUSE_MS = 100;
const BUSY_PAUSE_PER_ROUND = 9;

const leaseEnd = (from = new Date()) => new Date(from.getTime() + env().WEBHOOK_LEASE_SECONDS * 1000);

interface EndpointTarget {
  id: number;
  companyId: string;
  includeDescendants: boolean;
  events: string;
}

/** Whether the endpoint wants this event and may see it: its own company's, or one below when it hears those. */
function wants(endpoint: EndpointTarget, type: string, chain: string[]): boolean {
  if (!(JSON.parse(endpoint.events) as string[]).includes(type)) return false;
  return chain[0] === endpoint.companyId || (endpoint.includeDescendants && chain.includes(endpoint.companyId));
}

/**
 * Turns up to FAN_OUT_BATCH outbox events into deliveries. Each event is taken in its own transaction by a
 * conditional update (fannedOutAt still null), so two workers never fan one event out twice; an event no endpoint
 * wants is deleted. True when the batch was full.
 */
async function fanOut(batch: number): Promise<boolean> {
  const events = await db().webhookEvent.findMany({ where: { fannedOutAt: null }, orderBy: { id: "asc" }, take: batch });
  if (!events.length) return false;
  const endpoints = await db().webhookEndpoint.findMany({
    where: { enabled: true, company: { deletedAt: null } },
    select: { id: true, companyId: true, includeDescendants: true, events: true },
  });
  const chains = new Map<string, string[]>();
  const unwanted: number[] = [];
  const wanted: { id: number; payload: string; targets: number[] }[] = [];
  for (const event of events) {
    if (!chains.has(event.companyId)) chains.set(event.companyId, endpoints.length ? await companyWithAncestors(event.companyId) : []);
    const targets = endpoints.filter((e) => wants(e, event.type, chains.get(event.companyId)!));
    if (targets.length) wanted.push({ id: event.id, payload: await payloadOf(event), targets: targets.map((t) => t.id) });
    else unwanted.push(event.id);
  }
  // A round's events in two transactions, not one per event: an import of 100,000 members while another company's
  // endpoint was enabled spent most of its time here, deleting the events nobody wanted one statement at a time.
  if (unwanted.length) await db().webhookEvent.deleteMany({ where: { id: { in: unwanted }, fannedOutAt: null } });
  if (wanted.length) {
    await db().$transaction(async (tx) => {
      const deliveries: { messageId: string; endpointId: number; eventId: number }[] = [];
      for (const event of wanted) {
        // Another worker may have taken the event meanwhile: its deliveries are that worker's to write.
        const taken = await tx.webhookEvent.updateMany({ where: { id: event.id, fannedOutAt: null }, data: { fannedOutAt: new Date(), payload: event.payload } });
        if (taken.count === 1) for (const endpointId of event.targets) deliveries.push({ messageId: newMessageId(), endpointId, eventId: event.id });
      }
      if (deliveries.length) await tx.webhookDelivery.createMany({ data: deliveries });
    });
  }
  return events.length === batch;
}

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
  return rows.map((r) => ({ ...r, id: Number(r.id), endpointId: Number(r.endpointId), eventId: Number(r.eventId), attempts: Number(r.attempts), retryStep: Number(r.retryStep) }));
}

interface DeliveryTarget {
  id: number;
  url: string;
  secretEncrypted: string;
}

/**
 * What a claimed batch is sent to and with: the endpoints still enabled, by id, and the events' payloads, by id. Read
 * once per batch: an endpoint disabled while its batch is under way gets at most the rest of that batch.
 */
async function batchTargets(rows: ClaimedDelivery[]): Promise<{ endpoints: Map<number, DeliveryTarget>; payloads: Map<number, string> }> {
  const endpointIds = [...new Set(rows.map((r) => r.endpointId))];
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const [endpoints, events] = await Promise.all([
    db().$queryRaw<DeliveryTarget[]>`
      SELECT "id", "url", "secretEncrypted" FROM "WebhookEndpoint" WHERE "id" IN (${Prisma.join(endpointIds)}) AND "enabled" = ${true}`,
    db().$queryRaw<{ id: number; payload: string }[]>`SELECT "id", "payload" FROM "WebhookEvent" WHERE "id" IN (${Prisma.join(eventIds)})`,
  ]);
  return {
    endpoints: new Map(endpoints.map((e) => [Number(e.id), { ...e, id: Number(e.id) }])),
    payloads: new Map(events.map((e) => [Number(e.id), e.payload])),
  };
}

const released = { leaseOwner: null, leaseUntil: null };

/**
 * Sends one claimed delivery and records the attempt; the row changes only while this worker still holds it. The
 * lease is renewed before sending once a quarter of it has passed since the claim (a batch that took long may have
 * lost rows to another worker, which are then skipped rather than sent twice). Tagged SQL: through Prisma's query
 * builder the statements of one delivery cost several milliseconds of CPU, taken from the requests the process
 * answers (issue 21).
 */
async function attempt(owner: string, row: ClaimedDelivery, claimedAt: number, targets: Awaited<ReturnType<typeof batchTargets>>): Promise<void> {
  const endpoint = targets.endpoints.get(row.endpointId);
  const payload = targets.payloads.get(row.eventId);
  if (!endpoint || payload === undefined) {
    await db().webhookDelivery.updateMany({ where: { id: row.id, leaseOwner: owner }, data: released });
    return;
  }
  if (Date.now() - claimedAt > (env().WEBHOOK_LEASE_SECONDS * 1000) / 4) {
    const held = await db().$executeRaw`
      UPDATE "WebhookDelivery" SET "leaseUntil" = ${leaseEnd()} WHERE "id" = ${row.id} AND "leaseOwner" = ${owner} AND "status" = 'PENDING'`;
    if (held !== 1) return;
  }
  const sentAt = new Date();
  const signature = new Webhook(openSecret(endpoint)).sign(row.messageId, sentAt, payload);
  const outcome = await postWebhook(endpoint.url, {
    "webhook-id": row.messageId,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": signature,
  }, payload);
  const step = row.retryStep + 1;
  const ok = outcome.error === null;
  const exhausted = !ok && step > RETRY_SCHEDULE_MS.length;
  const next = ok || exhausted ? sentAt : new Date(Date.now() + RETRY_SCHEDULE_MS[step - 1] * env().WEBHOOK_RETRY_SCALE);
  const status = ok ? "DELIVERED" : exhausted ? "FAILED" : "PENDING";
  const now = new Date();
  const recorded = await db().$transaction(async (tx) => {
    const updated = await tx.$executeRaw`
      UPDATE "WebhookDelivery"
      SET "status" = ${status}, "attempts" = ${row.attempts + 1}, "retryStep" = ${step}, "nextAttemptAt" = ${next},
        "lastStatusCode" = ${outcome.statusCode}, "lastError" = ${outcome.error},
        "deliveredAt" = COALESCE(${ok ? now : null}, "deliveredAt"), "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE "id" = ${row.id} AND "leaseOwner" = ${owner} AND "status" = 'PENDING'`;
    if (updated !== 1) return false;
    await tx.$executeRaw`
      INSERT INTO "WebhookAttempt" ("deliveryId", "attemptedAt", "statusCode", "error", "durationMs")
      VALUES (${row.id}, ${sentAt}, ${outcome.statusCode}, ${outcome.error}, ${outcome.durationMs})`;
    // Only an endpoint whose state changes is written (a write would move its cache epoch).
    if (ok) await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "updatedAt" = ${now} WHERE "id" = ${endpoint.id} AND "failingSince" IS NOT NULL`;
    else await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = ${sentAt}, "updatedAt" = ${now} WHERE "id" = ${endpoint.id} AND "failingSince" IS NULL`;
    return true;
  });
  if (recorded && exhausted) await disableIfFailingTooLong(endpoint.id);
}

/**
 * After a delivery used all its attempts: the endpoint is disabled when it has accepted nothing for
 * WEBHOOK_DISABLE_AFTER_HOURS (its owner is told by webhook-notice.ts).
 */
async function disableIfFailingTooLong(endpointId: number): Promise<void> {
  const since = new Date(Date.now() - env().WEBHOOK_DISABLE_AFTER_HOURS * 3600e3);
  const endpoint = await db().webhookEndpoint.findFirst({ where: { id: endpointId, enabled: true, failingSince: { lte: since } } });
  if (endpoint) await disableFailingEndpoint(endpoint);
}

/** Runs `task` on every item, at most `limit` at a time. */
async function eachConcurrently<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
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
  await eachConcurrently(rows, busy ? 1 : CONCURRENCY, async (row) => {
    if (stopping()) {
      await db().webhookDelivery.updateMany({ where: { id: row.id, leaseOwner: owner, status: "PENDING" }, data: released });
      return;
    }
    try {
      await attempt(owner, row, claimedAt, targets!);
    } catch (error) {
      // The lease runs out and the delivery is tried again; the attempt left no record.
      logger().error({ err: error, deliveryId: row.id }, "webhook delivery failed unexpectedly");
    }
  });
  const more = (moreEvents || rows.length === claimed) && !stopping();
  if (more && busy) {
    const pause = Math.max(BUSY_PAUSE_MS, BUSY_PAUSE_PER_ROUND * (performance.now() - started));
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  return more;
}
