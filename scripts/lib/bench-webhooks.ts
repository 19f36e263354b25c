// The webhook scenario of `npm run bench` (issue 21): the public subscribe (S2) measured again while every subscribe
// also becomes two webhook events (member.created, subscription.created) that the server's webhook worker delivers to
// a local receiver, until at least 10,000 events have arrived. The baseline is S2 without an enabled endpoint on the
// same server just before: delivering may slow S2 by at most 10 %. The main table's S2, measured 15 minutes earlier
// on a smaller database, is no baseline on this machine, whose speed drifts by a third within minutes. (Nor is S2
// just after: autovacuum is then cleaning up after the deliveries, which is part of their cost.) The receiver
// answers 204 at once and counts; it checks nothing.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { load, type BenchRow, type LoadSpec } from "./bench-load";

export interface WebhookFigures {
  /** S2 at the run's connection count without an enabled endpoint, just before the one below. */
  before: BenchRow;
  /** S2 at the run's connection count while the endpoint receives. */
  withWebhooks: BenchRow;
  events: number;
  /** From the start of that load until the last event arrived. */
  seconds: number;
  perSecond: number;
  /** Deliveries the database holds that did not end DELIVERED (retries, failures): none expected. */
  undelivered: number;
}

/** The settings the server needs to deliver to a receiver on loopback over http (and the bench process to create it). */
export const WEBHOOK_SETTINGS: Record<string, string> = { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" };

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
  const port = await new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
  return { url: `http://127.0.0.1:${port}/hook`, received: () => received, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Loads S2 without an endpoint; enables an endpoint of `companyId` (through the services, as the operator), loads S2
 * again, tops the subscribes up until EVENTS events exist, and waits for the receiver to have them all (at most 5
 * minutes).
 */
export async function measureWebhooks(s2: LoadSpec, companyId: string, connections: number, duration: number): Promise<WebhookFigures> {
  const { db } = await import("../../lib/db");
  const { operatorCaller } = await import("../../lib/services/caller");
  const { createWebhookEndpoint } = await import("../../lib/services/webhooks");
  const { CreateWebhookEndpointRequest } = await import("../../lib/validation/webhooks");
  const receiver = await startCountingReceiver();
  try {
    const before = await load(s2, connections, duration);
    const endpoint = await createWebhookEndpoint(
      operatorCaller(),
      CreateWebhookEndpointRequest.parse({ company_id: companyId, url: receiver.url, events: ["member.created", "subscription.created"] }),
    );
    const since = new Date();
    const started = performance.now();
    const withWebhooks = await load(s2, connections, duration);
    // Every subscribe of a new address makes two events: top up until EVENTS exist, then wait for all of them.
    const events = async () => 2 * (await db().member.count({ where: { organizationId: companyId, createdAt: { gte: since } } }));
    const body = (n: number) => s2.body!.replaceAll("[<id>]", `webhook-${n}`);
    let n = 0;
    while ((await events()) < EVENTS) {
      await Promise.all(Array.from({ length: 50 }, () => fetch(s2.url, { method: "POST", headers: { ...s2.headers, "content-type": "application/json" }, body: body(n++) })));
    }
    const expected = await events();
    const deadline = Date.now() + 300_000;
    const pending = () => db().webhookDelivery.count({ where: { endpointId: endpoint.id, status: { not: "DELIVERED" } } });
    while (receiver.received() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const seconds = (performance.now() - started) / 1000;
    // The receiver counts a request before the worker has recorded its answer: wait for the last few records.
    while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const undelivered = await pending();
    return { before, withWebhooks, events: receiver.received(), seconds, perSecond: receiver.received() / seconds, undelivered };
  } finally {
    await receiver.stop();
  }
}
