// The first half of a webhook round (webhook-delivery.ts): new outbox events (WebhookEvent) become one WebhookDelivery
// per endpoint that wants the event and whose scope covers the event's company; an event no endpoint wants is deleted.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { companyWithAncestors } from "@/modules/companies/services/tree";
import { jsonRows, jsonTimestamp } from "@/lib/json-rows";
import { payloadsOf } from "./payloads";
import { newMessageId } from "./webhooks";

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
 * Turns up to `batch` outbox events into deliveries; true when the batch was full. The wanted events are taken by one
 * conditional UPDATE (fannedOutAt still null) that returns the ones this worker got, so two workers never fan one
 * event out twice, and their deliveries are written by one INSERT in the same transaction. A round costs the same
 * few statements however many events it takes: one UPDATE and one payload read per event cost a round of 100 events
 * 200 statements, most of a delivered event's CPU.
 */
export async function fanOut(batch: number): Promise<boolean> {
  const events = await db().webhookEvent.findMany({
    where: { fannedOutAt: null },
    orderBy: { id: "asc" },
    take: batch,
  });
  if (!events.length) return false;
  const endpoints = await db().webhookEndpoint.findMany({
    where: { enabled: true, company: { deletedAt: null } },
    select: { id: true, companyId: true, includeDescendants: true, events: true },
  });
  const chains = new Map<string, string[]>();
  const unwanted: number[] = [];
  const wanted: { event: (typeof events)[number]; targets: number[] }[] = [];
  for (const event of events) {
    if (!chains.has(event.companyId))
      chains.set(event.companyId, endpoints.length ? await companyWithAncestors(event.companyId) : []);
    const targets = endpoints.filter((e) => wants(e, event.type, chains.get(event.companyId)!));
    if (targets.length) wanted.push({ event, targets: targets.map((t) => t.id) });
    else unwanted.push(event.id);
  }
  if (unwanted.length) await db().webhookEvent.deleteMany({ where: { id: { in: unwanted }, fannedOutAt: null } });
  if (wanted.length) await takeEvents(wanted);
  return events.length === batch;
}

/** Marks the events fanned out with their payloads and writes their deliveries, for the events no other worker took. */
async function takeEvents(
  wanted: {
    event: { id: number; type: string; companyId: string; payload: string; createdAt: Date };
    targets: number[];
  }[],
): Promise<void> {
  const payloads = await payloadsOf(wanted.map((w) => w.event));
  const now = new Date();
  const rows = jsonRows(
    [
      ["id", "integer"],
      ["payload", "text"],
    ],
    wanted.map((w, i) => [w.event.id, payloads[i]]),
  );
  // The ids are also named as a list: from the join alone, SQLite walked every event not yet fanned out by its index
  // and scanned the JSON rows for each, a cost that grew with the backlog.
  await db().$transaction(async (tx) => {
    const taken = await tx.$queryRaw<{ id: number | bigint }[]>`
      UPDATE "WebhookEvent" SET "fannedOutAt" = ${now}, "payload" = j."payload"
      FROM (${rows}) AS j
      WHERE "WebhookEvent"."id" = j."id" AND "WebhookEvent"."fannedOutAt" IS NULL
        AND "WebhookEvent"."id" IN (${Prisma.join(wanted.map((w) => w.event.id))})
      RETURNING "WebhookEvent"."id"`;
    // Another worker may have taken an event meanwhile: its deliveries are that worker's to write.
    const ours = new Set(taken.map((row) => Number(row.id)));
    const deliveries = wanted
      .filter((w) => ours.has(w.event.id))
      .flatMap((w) => w.targets.map((endpointId) => [newMessageId(), endpointId, w.event.id, jsonTimestamp(now)]));
    if (!deliveries.length) return;
    const values = jsonRows(
      [
        ["messageId", "text"],
        ["endpointId", "integer"],
        ["eventId", "integer"],
        ["at", "timestamp"],
      ],
      deliveries,
    );
    await tx.$executeRaw`
      INSERT INTO "WebhookDelivery" ("messageId", "endpointId", "eventId", "nextAttemptAt", "createdAt")
      SELECT v."messageId", v."endpointId", v."eventId", v."at", v."at" FROM (${values}) AS v ORDER BY v."eventId", v."endpointId"`;
  });
}
