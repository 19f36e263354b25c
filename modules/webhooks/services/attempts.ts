// Recording webhook attempts (webhook-delivery.ts sends them): each delivery's new state on the retry schedule, its
// attempt in the log, and its endpoint's failingSince, for a whole round at once; an endpoint that has accepted
// nothing for WEBHOOK_DISABLE_AFTER_HOURS is disabled once a delivery used all its attempts.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { jsonRows, jsonTimestamp } from "@/lib/json-rows";
import { disableFailingEndpoint } from "./notice";
import type { PostOutcome } from "./target";

/** The waits after each failed attempt (Standard Webhooks' suggestion): 8 attempts over about 27.5 hours. */
const RETRY_SCHEDULE_MS = [5e3, 5 * 60e3, 30 * 60e3, 2 * 3600e3, 5 * 3600e3, 10 * 3600e3, 10 * 3600e3];

/** One attempt's result, recorded with the rest of its round's (recordOutcomes). */
export interface Outcome {
  row: { id: number; attempts: number; retryStep: number };
  endpointId: number;
  sentAt: Date;
  answer: PostOutcome;
}

/**
 * How an endpoint's failingSince changes after a round's attempts at it, in the order they were made: cleared by a
 * success, set by the first failure after the last success (or kept, when it was failing before the round).
 */
function failingChange(attempts: Outcome[]): { clear: true } | { since: Date; keepEarlier: boolean } {
  let change: { clear: true } | { since: Date; keepEarlier: boolean } | null = null;
  for (const { answer, sentAt } of attempts) {
    if (answer.error === null) change = { clear: true };
    else if (change === null) change = { since: sentAt, keepEarlier: true };
    else if ("clear" in change) change = { since: sentAt, keepEarlier: false };
  }
  return change!;
}

/**
 * Records a round's attempts in one transaction: each delivery's new state (only while this worker still holds it)
 * and its attempt, in one statement each, and each endpoint's failingSince where it changes (a write moves the
 * endpoints' cache epoch). Per delivery, these were an interactive transaction of four statements: with the
 * connection per POST, most of a delivered event's CPU, taken from the requests the process answers. A
 * crash between the POSTs and this transaction repeats the round's deliveries, with their webhook-ids.
 */
export async function recordOutcomes(owner: string, outcomes: Outcome[]): Promise<void> {
  if (!outcomes.length) return;
  const now = new Date();
  const states = outcomes.map(({ row, sentAt, answer }) => {
    const step = row.retryStep + 1;
    const ok = answer.error === null;
    const exhausted = !ok && step > RETRY_SCHEDULE_MS.length;
    const next =
      ok || exhausted ? sentAt : new Date(Date.now() + RETRY_SCHEDULE_MS[step - 1] * env().WEBHOOK_RETRY_SCALE);
    const status = ok ? "DELIVERED" : exhausted ? "FAILED" : "PENDING";
    return [
      row.id,
      status,
      row.attempts + 1,
      step,
      jsonTimestamp(next),
      answer.statusCode,
      answer.error,
      jsonTimestamp(ok ? now : null),
      jsonTimestamp(sentAt),
      answer.durationMs,
    ];
  });
  const rows = jsonRows(
    [
      ["id", "integer"],
      ["status", "text"],
      ["attempts", "integer"],
      ["retryStep", "integer"],
      ["nextAttemptAt", "timestamp"],
      ["statusCode", "integer"],
      ["error", "text"],
      ["deliveredAt", "timestamp"],
      ["attemptedAt", "timestamp"],
      ["durationMs", "integer"],
    ],
    states,
  );
  const byEndpoint = new Map<number, Outcome[]>();
  for (const outcome of outcomes)
    byEndpoint.set(outcome.endpointId, [...(byEndpoint.get(outcome.endpointId) ?? []), outcome]);
  const exhaustedEndpoints = new Set(outcomes.filter((o, i) => states[i][1] === "FAILED").map((o) => o.endpointId));
  // The ids are also named as a list: from the join alone, SQLite chose to walk every PENDING delivery by its status
  // index and scan the JSON rows for each, a cost that grew with the backlog.
  await db().$transaction(async (tx) => {
    const updated = await tx.$queryRaw<{ id: number | bigint }[]>`
      UPDATE "WebhookDelivery"
      SET "status" = j."status", "attempts" = j."attempts", "retryStep" = j."retryStep", "nextAttemptAt" = j."nextAttemptAt",
        "lastStatusCode" = j."statusCode", "lastError" = j."error", "deliveredAt" = COALESCE(j."deliveredAt", "WebhookDelivery"."deliveredAt"),
        "leaseOwner" = NULL, "leaseUntil" = NULL
      FROM (${rows}) AS j
      WHERE "WebhookDelivery"."id" = j."id" AND "WebhookDelivery"."leaseOwner" = ${owner} AND "WebhookDelivery"."status" = 'PENDING'
        AND "WebhookDelivery"."id" IN (${Prisma.join(outcomes.map((o) => o.row.id))})
      RETURNING "WebhookDelivery"."id"`;
    if (!updated.length) return;
    await tx.$executeRaw`
      INSERT INTO "WebhookAttempt" ("deliveryId", "attemptedAt", "statusCode", "error", "durationMs")
      SELECT j."id", j."attemptedAt", j."statusCode", j."error", j."durationMs" FROM (${rows}) AS j
      WHERE j."id" IN (${Prisma.join(updated.map((row) => Number(row.id)))}) ORDER BY j."attemptedAt", j."id"`;
    for (const [endpointId, attempts] of byEndpoint) {
      const change = failingChange(attempts.sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime()));
      if ("clear" in change)
        await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = NULL, "updatedAt" = ${now} WHERE "id" = ${endpointId} AND "failingSince" IS NOT NULL`;
      else if (change.keepEarlier)
        await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = ${change.since}, "updatedAt" = ${now} WHERE "id" = ${endpointId} AND "failingSince" IS NULL`;
      else
        await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = ${change.since}, "updatedAt" = ${now} WHERE "id" = ${endpointId}`;
    }
  });
  for (const endpointId of exhaustedEndpoints) await disableIfFailingTooLong(endpointId);
}

/**
 * After a delivery used all its attempts: the endpoint is disabled when it has accepted nothing for
 * WEBHOOK_DISABLE_AFTER_HOURS (its owner is told by webhook-notice.ts).
 */
async function disableIfFailingTooLong(endpointId: number): Promise<void> {
  const since = new Date(Date.now() - env().WEBHOOK_DISABLE_AFTER_HOURS * 3600e3);
  const endpoint = await db().webhookEndpoint.findFirst({
    where: { id: endpointId, enabled: true, failingSince: { lte: since } },
  });
  if (endpoint) await disableFailingEndpoint(endpoint);
}
