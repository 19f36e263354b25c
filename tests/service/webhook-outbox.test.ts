// The outbox is written only while some endpoint is enabled (lib/services/webhook-events.ts): a public subscribe on a
// database without webhooks writes no event rows for a worker to fan out to nobody (issue 21), and the first enabled
// endpoint turns the events on at once, whichever instance made it (the webhook_endpoints epoch).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { operatorCaller } from "@/lib/services/caller";
import { createList } from "@/lib/services/subscription-lists";
import { subscribeVisitor } from "@/lib/services/subscriptions";
import { createWebhookEndpoint, updateWebhookEndpoint } from "@/lib/services/webhooks";
import { SubscribeRequest } from "@/lib/validation/subscription";
import { CreateWebhookEndpointRequest, UpdateWebhookEndpointRequest, WEBHOOK_EVENT_TYPES } from "@/lib/validation/webhooks";
import { makeCompany } from "../helpers";
import { useDatabaseOfOwn } from "../process-fixtures";

let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
const op = operatorCaller();

beforeAll(async () => {
  database = await useDatabaseOfOwn();
  Object.assign(process.env, { WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
}, 60_000);

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_HTTP;
  delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  await database?.drop();
});

const eventTypes = async () => (await db().webhookEvent.findMany({ orderBy: { id: "asc" }, select: { type: true } })).map((e) => e.type);

describe("the webhook outbox while no endpoint is enabled", () => {
  it("writes nothing, then every event once an endpoint is enabled, and nothing again once it is disabled", async () => {
    const company = await makeCompany("Utkorgsföreningen");
    const list = await createList(op, { name: "Nyheter", company_id: company.id });
    await db().subscriptionList.update({ where: { id: list.id }, data: { isActive: true } });
    const subscribe = (email: string) => subscribeVisitor(list.uuid, SubscribeRequest.parse({ email }));

    await subscribe("utan@example.org");
    expect(await eventTypes()).toEqual([]);

    const endpoint = await createWebhookEndpoint(op, CreateWebhookEndpointRequest.parse({ company_id: company.id, url: "http://127.0.0.1:9/hook", events: WEBHOOK_EVENT_TYPES }));
    await subscribe("med@example.org");
    expect(await eventTypes()).toEqual(["member.created", "subscription.created"]);

    await updateWebhookEndpoint(op, endpoint.id, UpdateWebhookEndpointRequest.parse({ enabled: false }));
    await subscribe("avstangd@example.org");
    expect(await eventTypes()).toHaveLength(2);
  });
});
