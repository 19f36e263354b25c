// The webhook outbox's writing side. A service that changes something calls emitWebhookEvent inside the transaction
// of the change: one INSERT of what happened (the type, the company it concerns, the ids), so a rolled-back change
// emits nothing and a committed one is never lost. While no endpoint is enabled anywhere, nothing is written: the
// worker would only fan each event out to nobody and delete it, and a public subscribe paid two inserts and the
// worker's rounds for that. The worker (webhook-delivery.ts) turns the ids into the payload when it fans
// the event out, with the data as it is then (an address erased meanwhile is not sent).
import "server-only";
import { EpochCache } from "@/lib/cache/epoch-cache";
import type { Tx } from "@/lib/db";
import type { WebhookEventType } from "../schemas/webhooks";
import { jsonRows } from "@/lib/json-rows";

/** What a service records about each event type: the ids the payload is built from. */
export interface WebhookEventRefs {
  "subscription.created": { list_id: number; member_id: number; status: "PENDING" | "SUBSCRIBED"; source: string };
  "subscription.confirmed": { list_id: number; member_id: number; confirmed_via: string };
  "subscription.unsubscribed": { list_id: number; member_id: number; via: string | null };
  "member.opted_out": { member_id: number };
  "member.created": { member_id: number };
  "member.updated": { member_id: number };
  "member.erased": { member_id: number };
  "company.fk_status_changed": { from: string; to: string };
  "sendout.sent": { sendout_id: number };
  "activity.created": { activity_id: number; name: string };
  "activity.updated": { activity_id: number; name: string };
  "activity.deleted": { activity_id: number; name: string };
  "activity.participant_changed": { activity_id: number; member_id: number; status: "WAITLIST" | "ENROLLED" | "LEFT" };
  "attendance.recorded": {
    activity_id: number;
    occasion_id: number;
    records: { member_id: number; status: "PRESENT" | "ABSENT" | "EXCUSED" }[];
  };
}

/** Whether any endpoint is enabled; a change of the endpoints moves the epoch (migration webhook_endpoint_epoch). */
const enabledEndpoints = new EpochCache<"any", boolean>("webhook_endpoints", 1);

/**
 * Whether an event now could reach an endpoint, read through `tx` (a SQLite transaction holds the one connection).
 * An endpoint enabled while this transaction runs sees events from the next request on, as if created a moment later.
 */
export async function anyWebhookEndpointEnabled(tx: Tx): Promise<boolean> {
  const enabled = await enabledEndpoints.get(
    "any",
    async () => (await tx.webhookEndpoint.count({ where: { enabled: true } })) > 0,
  );
  return enabled === true;
}

/** An outbox row to write: its type, the company it concerns or the list whose company that is, and its ids as JSON. */
type OutboxEvent = [type: string, companyId: string | null, listId: number | null, payload: string];

function outboxEvent<T extends WebhookEventType>(
  type: T,
  about: { companyId: string } | { listId: number },
  refs: WebhookEventRefs[T],
): OutboxEvent {
  return [
    type,
    "companyId" in about ? about.companyId : null,
    "listId" in about ? about.listId : null,
    JSON.stringify(refs),
  ];
}

/**
 * Writes events in one INSERT, in their order (ids). An event about a list gets the list's company in the same
 * statement (the subscription helpers know only the list's id); one about a list that does not exist is not written.
 * Raw SQL: Prisma's create would read each row back, which nobody needs here.
 */
async function insertOutboxEvents(tx: Tx, events: OutboxEvent[]): Promise<void> {
  const rows = jsonRows(
    [
      ["n", "integer"],
      ["type", "text"],
      ["companyId", "text"],
      ["listId", "integer"],
      ["payload", "text"],
    ],
    events.map((event, n) => [n, ...event]),
  );
  await tx.$executeRaw`
    INSERT INTO "WebhookEvent" ("type", "companyId", "payload", "createdAt")
    SELECT e."type", e."companyId", e."payload", ${new Date()} FROM (
      SELECT j."n", j."type", COALESCE(j."companyId", (SELECT l."companyId" FROM "SubscriptionList" l WHERE l."id" = j."listId")) AS "companyId", j."payload"
      FROM (${rows}) AS j
    ) AS e
    WHERE e."companyId" IS NOT NULL
    ORDER BY e."n"`;
}

/**
 * Records an event in `tx`: at once, or with the transaction's other events when it runs in withEventsInOneInsert.
 * The company it concerns is given, or, for subscription events, that of the list.
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  tx: Tx,
  type: T,
  about: { companyId: string } | { listId: number },
  refs: WebhookEventRefs[T],
): Promise<void> {
  await emitWebhookEvents(tx, type, about, [refs]);
}

/** The events emitWebhookEvent holds back in a transaction run by withEventsInOneInsert. */
const heldEvents = new WeakMap<Tx, OutboxEvent[]>();

/**
 * Runs `body` in `tx` with the events it emits written together, in one INSERT at its end, instead of one INSERT
 * each. A public subscribe of a new address emits two (member.created, subscription.created): the second statement
 * cost S2 a tenth of its throughput while an endpoint was enabled. The events keep their order (ids).
 */
export async function withEventsInOneInsert<T>(tx: Tx, body: () => Promise<T>): Promise<T> {
  const held: OutboxEvent[] = [];
  heldEvents.set(tx, held);
  try {
    const result = await body();
    if (held.length) await insertOutboxEvents(tx, held);
    return result;
  } finally {
    heldEvents.delete(tx);
  }
}

/**
 * Writes the events held so far by withEventsInOneInsert now, in one INSERT (the rest, if any, at its end): for a
 * caller about to take a lock others wait for, which should be its last statement before the commit.
 */
export async function writeHeldEvents(tx: Tx): Promise<void> {
  const held = heldEvents.get(tx);
  if (held?.length) await insertOutboxEvents(tx, held.splice(0));
}

/** emitWebhookEvent for many events of one type about one company or list, in one statement (a batch). */
export async function emitWebhookEvents<T extends WebhookEventType>(
  tx: Tx,
  type: T,
  about: { companyId: string } | { listId: number },
  refs: WebhookEventRefs[T][],
): Promise<void> {
  if (refs.length === 0 || !(await anyWebhookEndpointEnabled(tx))) return;
  const events = refs.map((r) => outboxEvent(type, about, r));
  const held = heldEvents.get(tx);
  if (held) held.push(...events);
  else await insertOutboxEvents(tx, events);
}
