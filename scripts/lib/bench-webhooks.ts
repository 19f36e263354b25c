// The webhook scenario of `npm run bench`: the public subscribe (S2) measured again while every subscribe
// also becomes two webhook events (member.created, subscription.created) that the server's webhook worker delivers to
// a local receiver, until at least 10,000 events have arrived. Delivering may slow S2 by at most 10 %.
//
// The baseline is S2 without an enabled endpoint on the same server, in turns with the loads with one: without, with,
// without, with, without (the endpoint disabled for each "without"), each kind averaged. On PostgreSQL a second S2
// load right after a first one ran about a tenth slower with nothing changed between them (533 then 478 req/s; the
// database has grown by 6,000 members and autovacuum is catching up), and on SQLite two loads without an endpoint 40 s
// apart differed by 12 % (448 and 398 req/s): one A-B-A triple put that noise into the 10 % it was to measure. The
// main table's S2, measured 15 minutes earlier on a smaller database, is no baseline on this machine, whose speed
// drifts by a third within minutes. Each load without waits until the worker has dropped the events the disabled
// endpoint no longer wants; the endpoint is enabled again for the top-up, and the events are counted in the outbox
// itself (the dropped ones are not). The receiver answers 204 at once and counts; it checks nothing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { load, type BenchRow, type LoadSpec } from "./bench-load";

export interface WebhookFigures {
  /** S2 at the run's connection count without an enabled endpoint: first, between and last (in that order). */
  without: BenchRow[];
  /** S2 at the run's connection count while the endpoint receives, each between two of `without`. */
  withWebhooks: BenchRow[];
  events: number;
  /** With the endpoint enabled, from its first load until the last event arrived (the loads without it not counted). */
  seconds: number;
  perSecond: number;
  /** Deliveries the database holds that did not end DELIVERED (retries, failures): none expected. */
  undelivered: number;
}

/** The settings the server needs to deliver to a receiver on loopback over http (and the bench process to create it). */
export const WEBHOOK_SETTINGS: Record<string, string> = {
  WEBHOOK_ALLOW_HTTP: "true",
  WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
};

const EVENTS = 10_000;

/** A receiver on loopback that answers 204 at once and counts what arrived (also scripts/profile-webhooks.ts's). */
export async function startCountingReceiver(): Promise<{ url: string; received(): number; stop(): Promise<void> }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Checks `done` every `everyMs` until it holds or the clock passes `deadline` (ms since the epoch). */
async function pollUntil(done: () => boolean | Promise<boolean>, deadline: number, everyMs: number): Promise<void> {
  while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, everyMs));
}

/** Loads with an endpoint in turn with loads without: without, with, without, with, without. */
const LOADS_WITH = 2;

/**
 * Loads S2 without an endpoint and with an endpoint of `companyId` in turns (enabled and disabled through the
 * services, as the operator); enables it again, tops the subscribes up until EVENTS events exist, and waits for the
 * receiver to have them all (at most 5 minutes).
 */
export async function measureWebhooks(
  s2: LoadSpec,
  companyId: string,
  connections: number,
  duration: number,
): Promise<WebhookFigures> {
  const { db } = await import("../../lib/db");
  const { operatorCaller } = await import("../../modules/access/services/caller");
  const { createWebhookEndpoint, updateWebhookEndpoint } = await import("../../modules/webhooks/services/webhooks");
  const { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest } =
    await import("../../modules/webhooks/schemas/webhooks");
  const receiver = await startCountingReceiver();
  try {
    const caller = operatorCaller();
    const without = [await load(s2, connections, duration)];
    const withWebhooks: BenchRow[] = [];
    const since = new Date();
    const endpoint = await createWebhookEndpoint(
      caller,
      CreateWebhookEndpointRequest.parse({
        company_id: companyId,
        url: receiver.url,
        events: ["member.created", "subscription.created"],
      }),
    );
    let enabledSeconds = 0;
    for (let i = 0; i < LOADS_WITH; i++) {
      if (i > 0)
        await updateWebhookEndpoint(caller, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: true }));
      const started = performance.now();
      withWebhooks.push(await load(s2, connections, duration));
      enabledSeconds += (performance.now() - started) / 1000;
      await updateWebhookEndpoint(caller, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
      // The worker drops the events not yet fanned out, which no enabled endpoint wants now (at full speed while
      // idle): the load without starts once they are gone, so that it carries no webhook work.
      await pollUntil(
        async () => (await db().webhookEvent.count({ where: { fannedOutAt: null } })) === 0,
        Date.now() + 120_000,
        200,
      );
      without.push(await load(s2, connections, duration));
    }
    await updateWebhookEndpoint(caller, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: true }));
    const topUpStarted = performance.now();
    // Every subscribe of a new address while the endpoint is enabled makes two events: top up until EVENTS are in the
    // outbox, then wait for all of them.
    const events = () => db().webhookEvent.count({ where: { companyId, createdAt: { gte: since } } });
    const body = (n: number) => s2.body!.replaceAll("[<id>]", `webhook-${n}`);
    let n = 0;
    while ((await events()) < EVENTS) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(s2.url, {
            method: "POST",
            headers: { ...s2.headers, "content-type": "application/json" },
            body: body(n++),
          }),
        ),
      );
    }
    const expected = await events();
    const deadline = Date.now() + 300_000;
    const pending = () =>
      db().webhookDelivery.count({ where: { endpointId: endpoint.id, status: { not: "DELIVERED" } } });
    await pollUntil(() => receiver.received() >= expected, deadline, 100);
    const seconds = enabledSeconds + (performance.now() - topUpStarted) / 1000;
    // The receiver counts a request before the worker has recorded its answer: wait for the last few records.
    await pollUntil(async () => (await pending()) === 0, deadline, 100);
    const undelivered = await pending();
    return {
      without,
      withWebhooks,
      events: receiver.received(),
      seconds,
      perSecond: receiver.received() / seconds,
      undelivered,
    };
  } finally {
    await receiver.stop();
  }
}
