// Webhook endpoints as records: create, read, change, delete, rotate the secret, list and redeliver deliveries, send
// a test event. Reads need the webhook module; writes also WEBHOOK.U. An endpoint is the caller's when its company is
// in the caller's scope and, for an endpoint that hears the companies below its own, the caller's scope reaches them
// too (else its secret would open events the caller may not read). Another company's endpoint is 404
// `webhook endpoint not found`, like a missing one. Delivery: webhook-delivery.ts; emitting events: webhook-events.ts.
import "server-only";
import crypto from "node:crypto";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { db, pageWindow, type Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { Conflict, NotFound } from "@/lib/errors";
import { WEBHOOK_JOB, wakeWorkers } from "@/lib/jobs/queue";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  WebhookTestPayload,
  type CreateWebhookEndpointInput,
  type UpdateWebhookEndpointInput,
  type WebhookDeliveryListInput,
  type WebhookDeliveryStatus,
  type WebhookDeliveryViewShape,
  type WebhookEndpointViewShape,
  type WebhookEventType,
} from "../schemas/webhooks";
import {
  assertCompanyInScope,
  assertObjectInScope,
  assertWritableCompany,
  requireModule,
  requirePermission,
} from "@/modules/access/services/access-checks";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";
import { findLiveCompany, liveCompany } from "@/lib/live-records";
import { assertAllowedTarget } from "./target";

type EndpointRow = Prisma.WebhookEndpointGetPayload<object>;
const NOT_FOUND = "webhook endpoint not found";

/** A new signing secret: `whsec_` and 24 random bytes in base64, the Standard Webhooks form. */
const newSecret = () => `whsec_${crypto.randomBytes(24).toString("base64")}`;

const sealSecret = (secret: string) => encryptSecret(secret, env().ENCRYPTION_KEY);
export const openSecret = (endpoint: { secretEncrypted: string }) =>
  decryptSecret(endpoint.secretEncrypted, env().ENCRYPTION_KEY);

/** A new message id (the webhook-id header): stable for the delivery's life. */
export const newMessageId = () => `msg_${crypto.randomUUID().replaceAll("-", "")}`;

function eventTypesOf(json: string): WebhookEventType[] {
  const value: unknown = JSON.parse(json);
  return WEBHOOK_EVENT_TYPES.filter((t) => Array.isArray(value) && value.includes(t));
}

function endpointView(e: EndpointRow): WebhookEndpointViewShape {
  return {
    id: e.id,
    company_id: e.companyId,
    include_descendants: e.includeDescendants,
    url: e.url,
    description: e.description,
    events: eventTypesOf(e.events),
    enabled: e.enabled,
    disabled_at: e.disabledAt?.toISOString() ?? null,
    disabled_reason: e.disabledReason,
    failing_since: e.failingSince?.toISOString() ?? null,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/** Whether the caller's scope reaches the companies below the ones it names. */
const reachesDescendants = (caller: Caller) => caller.scope.kind === "all" || caller.scope.includeDescendants;

async function endpointInScope(caller: Caller, id: number): Promise<EndpointRow> {
  requireModule(caller, "webhook");
  const endpoint = await db().webhookEndpoint.findFirst({ where: { id, company: liveCompany } });
  if (!endpoint) throw new NotFound(NOT_FOUND);
  await assertObjectInScope(caller, endpoint.companyId, NOT_FOUND);
  if (endpoint.includeDescendants && !reachesDescendants(caller)) throw new NotFound(NOT_FOUND);
  return endpoint;
}

async function writableEndpoint(caller: Caller, id: number): Promise<EndpointRow> {
  const endpoint = await endpointInScope(caller, id);
  requirePermission(caller, "WEBHOOK.U");
  return endpoint;
}

/** POST /v3/webhook: the endpoint and, this once, its signing secret. */
export async function createWebhookEndpoint(caller: Caller, input: CreateWebhookEndpointInput) {
  await assertWritableCompany(caller, input.company_id, "webhook", "WEBHOOK.U");
  assertAllowedTarget(input.url);
  const secret = newSecret();
  const created = await db().$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.create({
      data: {
        companyId: input.company_id,
        includeDescendants: reachesDescendants(caller),
        url: input.url,
        description: input.description,
        events: JSON.stringify(input.events),
        secretEncrypted: sealSecret(secret),
        createdBy: caller.actor,
      },
    });
    await recordAudit(tx, caller, {
      action: "webhook_endpoint.create",
      objectType: "webhook_endpoint",
      objectId: endpoint.id,
      companyId: endpoint.companyId,
      summary: endpoint.url,
    });
    return endpoint;
  });
  return { ...endpointView(created), secret };
}

/** GET /v3/webhook?company_id=: the company's endpoints the caller may see, oldest first. */
export async function listWebhookEndpoints(caller: Caller, companyId: string): Promise<WebhookEndpointViewShape[]> {
  requireModule(caller, "webhook");
  await findLiveCompany(companyId);
  await assertCompanyInScope(caller, companyId);
  const rows = await db().webhookEndpoint.findMany({
    where: { companyId, ...(reachesDescendants(caller) ? {} : { includeDescendants: false }) },
    orderBy: { id: "asc" },
  });
  return rows.map(endpointView);
}

/** GET /v3/webhook/{id}. */
export async function getWebhookEndpoint(caller: Caller, id: number): Promise<WebhookEndpointViewShape> {
  return endpointView(await endpointInScope(caller, id));
}

/** PUT /v3/webhook/{id}. Enabling a disabled endpoint forgets its failures; its waiting deliveries go out again. */
export async function updateWebhookEndpoint(
  caller: Caller,
  id: number,
  input: UpdateWebhookEndpointInput,
): Promise<WebhookEndpointViewShape> {
  const endpoint = await writableEndpoint(caller, id);
  if (input.url !== undefined) assertAllowedTarget(input.url);
  const enabling = input.enabled === true && !endpoint.enabled;
  const disabling = input.enabled === false && endpoint.enabled;
  const updated = await db().$transaction(async (tx) => {
    const row = await tx.webhookEndpoint.update({
      where: { id },
      data: {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(enabling ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledAt: new Date(), disabledReason: null } : {}),
      },
    });
    if (enabling)
      await tx.webhookDelivery.updateMany({
        where: { endpointId: id, status: "PENDING" },
        data: { nextAttemptAt: new Date(), retryStep: 0 },
      });
    const action = enabling
      ? "webhook_endpoint.enable"
      : disabling
        ? "webhook_endpoint.disable"
        : "webhook_endpoint.update";
    await recordAudit(tx, caller, {
      action,
      objectType: "webhook_endpoint",
      objectId: id,
      companyId: row.companyId,
      summary: row.url,
    });
    return row;
  });
  if (enabling) await wakeWorkers(WEBHOOK_JOB);
  return endpointView(updated);
}

/** DELETE /v3/webhook/{id}: the endpoint and its deliveries. */
export async function deleteWebhookEndpoint(caller: Caller, id: number): Promise<{ ok: true }> {
  const endpoint = await writableEndpoint(caller, id);
  await db().$transaction(async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id } });
    await recordAudit(tx, caller, {
      action: "webhook_endpoint.delete",
      objectType: "webhook_endpoint",
      objectId: id,
      companyId: endpoint.companyId,
      summary: endpoint.url,
    });
  });
  return { ok: true };
}

/** POST /v3/webhook/{id}/rotate_secret: a new secret, shown once; the old one signs nothing more. */
export async function rotateWebhookSecret(caller: Caller, id: number): Promise<{ id: number; secret: string }> {
  const endpoint = await writableEndpoint(caller, id);
  const secret = newSecret();
  await db().$transaction(async (tx) => {
    await tx.webhookEndpoint.update({ where: { id }, data: { secretEncrypted: sealSecret(secret) } });
    await recordAudit(tx, caller, {
      action: "webhook_endpoint.rotate_secret",
      objectType: "webhook_endpoint",
      objectId: id,
      companyId: endpoint.companyId,
      summary: endpoint.url,
    });
  });
  return { id, secret };
}

const deliveryInclude = {
  event: { select: { type: true, payload: true } },
  attemptLog: { orderBy: { id: "asc" } },
} satisfies Prisma.WebhookDeliveryInclude;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ include: typeof deliveryInclude }>;

function deliveryView(d: DeliveryRow): WebhookDeliveryViewShape {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    message_id: d.messageId,
    event_type: d.event.type,
    status: d.status as WebhookDeliveryStatus,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    next_attempt_at: d.status === "PENDING" ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    payload: JSON.parse(d.event.payload),
    attempt_log: d.attemptLog.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
    })),
  };
}

/** GET /v3/webhook/{id}/deliveries: newest first, a page at a time. */
export async function listWebhookDeliveries(caller: Caller, id: number, query: WebhookDeliveryListInput) {
  await endpointInScope(caller, id);
  const where = { endpointId: id, ...(query.status ? { status: query.status } : {}) };
  const [count, rows] = await Promise.all([
    db().webhookDelivery.count({ where }),
    db().webhookDelivery.findMany({ where, include: deliveryInclude, orderBy: { id: "desc" }, ...pageWindow(query) }),
  ]);
  return { deliveries: rows.map(deliveryView), count, page: query.page, limit: query.limit };
}

function assertEnabled(endpoint: EndpointRow): void {
  if (!endpoint.enabled) throw new Conflict("webhook endpoint is disabled");
}

/** POST /v3/webhook/{id}/deliveries/{delivery_id}/redeliver: the same message (same webhook-id) again, now. */
export async function redeliverWebhook(
  caller: Caller,
  id: number,
  deliveryId: number,
): Promise<WebhookDeliveryViewShape> {
  const endpoint = await writableEndpoint(caller, id);
  const found = await db().webhookDelivery.findFirst({
    where: { id: deliveryId, endpointId: id },
    select: { id: true },
  });
  if (!found) throw new NotFound("webhook delivery not found");
  assertEnabled(endpoint);
  await db().$transaction(async (tx) => {
    await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: { status: "PENDING", retryStep: 0, nextAttemptAt: new Date() },
    });
    await recordAudit(tx, caller, {
      action: "webhook_endpoint.redeliver",
      objectType: "webhook_endpoint",
      objectId: id,
      companyId: endpoint.companyId,
      summary: `delivery ${deliveryId}`,
    });
  });
  await wakeWorkers(WEBHOOK_JOB);
  return deliveryView(
    await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: deliveryInclude }),
  );
}

/** POST /v3/webhook/{id}/test: a `webhook.test` event to this endpoint only, queued now; its delivery is answered. */
export async function sendWebhookTest(caller: Caller, id: number): Promise<WebhookDeliveryViewShape> {
  const endpoint = await writableEndpoint(caller, id);
  assertEnabled(endpoint);
  const now = new Date();
  const payload = WebhookTestPayload.parse({
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { endpoint_id: id, company_id: endpoint.companyId },
  });
  const deliveryId = await db().$transaction(async (tx) => {
    const event = await tx.webhookEvent.create({
      data: {
        type: WEBHOOK_TEST_EVENT,
        companyId: endpoint.companyId,
        payload: JSON.stringify(payload),
        createdAt: now,
        fannedOutAt: now,
      },
    });
    const delivery = await tx.webhookDelivery.create({
      data: { messageId: newMessageId(), endpointId: id, eventId: event.id, nextAttemptAt: now },
    });
    await recordAudit(tx, caller, {
      action: "webhook_endpoint.test",
      objectType: "webhook_endpoint",
      objectId: id,
      companyId: endpoint.companyId,
      summary: endpoint.url,
    });
    return delivery.id;
  });
  await wakeWorkers(WEBHOOK_JOB);
  return deliveryView(
    await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId }, include: deliveryInclude }),
  );
}
