// The outbox is written only while some endpoint is enabled (modules/webhooks/services/events.ts): a public subscribe on a
// database without webhooks writes no event rows for a worker to fan out to nobody, and the first enabled
// endpoint turns the events on at once, whichever instance made it (the webhook_endpoints epoch).
import { EventEmitter } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { countForegroundRequest } from "@/lib/jobs/foreground";
import { operatorCaller } from "@/modules/access/services/caller";
import { updateFkStatus } from "@/modules/companies/services/fk-status";
import { createList } from "@/modules/lists/services/lists";
import { subscribeVisitor } from "@/modules/lists/services/public-subscribe";
import { runWebhookRound } from "@/modules/webhooks/services/delivery";
import { fanOut } from "@/modules/webhooks/services/fan-out";
import { createWebhookEndpoint, updateWebhookEndpoint } from "@/modules/webhooks/services/webhooks";
import { SubscribeRequest } from "@/modules/lists/schemas/subscription";
import {
  CreateWebhookEndpointRequest,
  UpdateWebhookEndpointRequest,
  WEBHOOK_EVENT_TYPES,
} from "@/modules/webhooks/schemas/webhooks";
import { makeCompany } from "../helpers";
import { ownDatabaseWithLoopbackWebhooks } from "../process-fixtures";

const op = operatorCaller();

ownDatabaseWithLoopbackWebhooks();

const eventTypes = async () =>
  (await db().webhookEvent.findMany({ orderBy: { id: "asc" }, select: { type: true } })).map((e) => e.type);

describe("the webhook outbox while no endpoint is enabled", () => {
  it("writes nothing, then every event once an endpoint is enabled, and nothing again once it is disabled", async () => {
    const company = await makeCompany("Utkorgsföreningen");
    const list = await createList(op, { name: "Nyheter", company_id: company.id });
    await db().subscriptionList.update({ where: { id: list.id }, data: { isActive: true } });
    const subscribe = (email: string) => subscribeVisitor(list.uuid, SubscribeRequest.parse({ email }));

    await subscribe("utan@example.org");
    expect(await eventTypes()).toEqual([]);

    const endpoint = await createWebhookEndpoint(
      op,
      CreateWebhookEndpointRequest.parse({
        company_id: company.id,
        url: "http://127.0.0.1:9/hook",
        events: WEBHOOK_EVENT_TYPES,
      }),
    );
    await subscribe("med@example.org");
    expect(await eventTypes()).toEqual(["member.created", "subscription.created"]);

    await updateWebhookEndpoint(op, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
    await subscribe("avstangd@example.org");
    expect(await eventTypes()).toHaveLength(2);
  });

  it("gets a public subscribe's two events in one INSERT, in order, each with its company and ids", async () => {
    const company = await makeCompany("Enradsföreningen");
    const list = await createList(op, { name: "Evenemang", company_id: company.id });
    await db().subscriptionList.update({ where: { id: list.id }, data: { isActive: true } });
    const endpoint = await createWebhookEndpoint(
      op,
      CreateWebhookEndpointRequest.parse({
        company_id: company.id,
        url: "http://127.0.0.1:9/hook",
        events: WEBHOOK_EVENT_TYPES,
      }),
    );
    // Nothing left for the next test's busy round to fan out first, whatever happens here.
    onTestFinished(async () => {
      await updateWebhookEndpoint(op, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
      await db().webhookEvent.deleteMany({ where: { companyId: company.id } });
    });
    const watch = watchStatements();
    const { member_id } = await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: "enrad@example.org" }));
    watch.stop();
    expect(watch.statements.filter((sql) => sql.includes('INSERT INTO "WebhookEvent"'))).toHaveLength(1);
    const events = await db().webhookEvent.findMany({
      where: { companyId: company.id },
      orderBy: { id: "asc" },
      select: { type: true, companyId: true, payload: true },
    });
    expect(events.map((e) => ({ ...e, payload: JSON.parse(e.payload) }))).toEqual([
      { type: "member.created", companyId: company.id, payload: { member_id } },
      {
        type: "subscription.created",
        companyId: company.id,
        payload: {
          list_id: list.id,
          member_id,
          status: "SUBSCRIBED",
          source: "PUBLIC_FORM",
          confirmed_via: "PUBLIC_FORM",
        },
      },
    ]);
  });

  it("fans an event out to the endpoints enabled then, not when it happened (docs/api.md, Webhooks: Retries and disabling)", async () => {
    const company = await makeCompany("Fläktföreningen");
    const list = await createList(op, { name: "Nyheter", company_id: company.id });
    await db().subscriptionList.update({ where: { id: list.id }, data: { isActive: true } });
    const endpoint = (path: string) =>
      createWebhookEndpoint(
        op,
        CreateWebhookEndpointRequest.parse({
          company_id: company.id,
          url: `http://127.0.0.1:9/${path}`,
          events: ["member.created"],
        }),
      );
    const [paused, kept] = [await endpoint("paused"), await endpoint("kept")];
    onTestFinished(async () => {
      await updateWebhookEndpoint(op, kept.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
      await db().webhookDelivery.deleteMany({ where: { endpointId: { in: [paused.id, kept.id] } } });
      await db().webhookEvent.deleteMany({ where: { companyId: company.id } });
    });
    await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: "fore@example.org" }));
    // Paused after the change, before any worker took its event: the event is not queued for it.
    await updateWebhookEndpoint(op, paused.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
    while (await fanOut(100));
    const deliveries = await db().webhookDelivery.findMany({
      where: { endpointId: { in: [paused.id, kept.id] } },
      select: { endpointId: true },
    });
    expect(deliveries).toEqual([{ endpointId: kept.id }]);
    // With no endpoint enabled at fan-out, the event written while one was is dropped rather than kept for later.
    await subscribeVisitor(list.uuid, SubscribeRequest.parse({ email: "efter@example.org" }));
    await updateWebhookEndpoint(op, kept.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
    while (await fanOut(100));
    expect(await db().webhookEvent.count({ where: { companyId: company.id, fannedOutAt: null } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { endpointId: { in: [paused.id, kept.id] } } })).toBe(1);
  });
});

const RECEIVER_DELAY_MS = 40;

describe("webhook rounds while the process answers requests", () => {
  it("send a few at a time and pause nineteen times as long as they took, then everything once the requests are answered", async () => {
    const company = await makeCompany("Upptagna föreningen");
    const received: number[] = [];
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        received.push(Date.now());
        // A receiver that takes its time: a busy round of 4 deliveries lasts at least 4 × 40 ms.
        setTimeout(() => res.writeHead(204).end(), RECEIVER_DELAY_MS);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      await createWebhookEndpoint(
        op,
        CreateWebhookEndpointRequest.parse({ company_id: company.id, url, events: ["company.fk_status_changed"] }),
      );
      for (const to of [
        "ACTIVE",
        "REJECTED",
        "ACTIVE",
        "REJECTED",
        "ACTIVE",
        "REJECTED",
        "ACTIVE",
        "REJECTED",
        "ACTIVE",
        "REJECTED",
      ] as const) {
        await updateFkStatus(op, company.id, to);
      }
      // A request being answered: the server counts each until its response closes.
      const response = new EventEmitter();
      countForegroundRequest(response);
      const started = Date.now();
      expect(await runWebhookRound("busy-test", () => false)).toBe(true);
      expect(received.length).toBeGreaterThan(0);
      expect(received.length).toBeLessThanOrEqual(4);
      // The round and its pause: the worker took at most a twentieth of the time.
      expect(Date.now() - started).toBeGreaterThanOrEqual(20 * received.length * RECEIVER_DELAY_MS);

      response.emit("close");
      while (await runWebhookRound("busy-test", () => false));
      await runWebhookRound("busy-test", () => false);
      expect(received.length).toBe(10);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
