// /v3 webhooks: HTTPS endpoints of a company that receive signed events (an extension beyond the contract; docs/api.md
// "Webhooks"). Deliveries are signed per the Standard Webhooks specification, retried for more than a day, and never
// carry data of companies outside the endpoint's scope.
import { z } from "zod";
import { IntIdParam, OkResponse } from "@/lib/validation/common";
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  RotatedWebhookSecret,
  UpdateWebhookEndpointRequest,
  WebhookDeliveryListQuery,
  WebhookDeliveryPage,
  WebhookDeliveryView,
  WebhookEndpointListQuery,
  WebhookEndpointView,
} from "../schemas/webhooks";
import { bearerInputErrors, forbidden, reason, unauthorized, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const webhookOperation = operationsSharing({ auth: "bearer", module: "webhook", tags: ["Webhooks"] });
const endpointErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`webhook endpoint not found`: no such endpoint, or it belongs to a company outside your scope"),
};
const disabled = reason("`webhook endpoint is disabled`: enable it first (PUT with `enabled: true`)");
const targetRule =
  "The URL must be https and must not name a private, loopback or local address (400 on `url` otherwise); the " +
  "operator may allow http and private addresses for tests and closed networks.";

export const listWebhookEndpoints = webhookOperation({
  method: "get",
  path: "/webhook",
  query: WebhookEndpointListQuery,
  summary: "A company's webhook endpoints",
  description: "Oldest first. The company must be in your scope (another company is 403, a missing one 404).",
  responses: { 200: { description: "The endpoints", schema: z.array(WebhookEndpointView) } },
  errors: { ...endpointErrors, 404: reason("`company not found`") },
});

export const createWebhookEndpoint = webhookOperation({
  method: "post",
  path: "/webhook",
  permission: "WEBHOOK.U",
  body: CreateWebhookEndpointRequest,
  summary: "Register a webhook endpoint",
  description:
    `${targetRule} The answer carries the signing secret (\`whsec_…\`) this once; it is stored encrypted and never ` +
    "shown again (rotate it to get a new one). The endpoint receives the chosen events of its company and, when your " +
    "scope includes the companies below it, of those too.",
  responses: { 201: { description: "Created, with the signing secret", schema: CreatedWebhookEndpoint } },
  errors: bearerInputErrors,
});

export const getWebhookEndpoint = webhookOperation({
  method: "get",
  path: "/webhook/{id}",
  params: IdParams,
  summary: "One webhook endpoint",
  description: "Without its secret. `failing_since` and `disabled_reason` tell whether deliveries are failing.",
  responses: { 200: { description: "The endpoint", schema: WebhookEndpointView } },
  errors: endpointErrors,
});

export const updateWebhookEndpoint = webhookOperation({
  method: "put",
  path: "/webhook/{id}",
  permission: "WEBHOOK.U",
  params: IdParams,
  body: UpdateWebhookEndpointRequest,
  summary: "Change a webhook endpoint, or enable or disable it",
  description:
    `${targetRule} \`enabled: true\` on an endpoint the service disabled after repeated failures forgets them, and ` +
    "its waiting deliveries go out again.",
  responses: { 200: { description: "The changed endpoint", schema: WebhookEndpointView } },
  errors: endpointErrors,
});

export const deleteWebhookEndpoint = webhookOperation({
  method: "delete",
  path: "/webhook/{id}",
  permission: "WEBHOOK.U",
  params: IdParams,
  summary: "Delete a webhook endpoint",
  description: "Its waiting deliveries are dropped and its delivery history deleted.",
  responses: { 200: { description: "Deleted", schema: OkResponse } },
  errors: endpointErrors,
});

export const rotateWebhookSecret = webhookOperation({
  method: "post",
  path: "/webhook/{id}/rotate_secret",
  permission: "WEBHOOK.U",
  params: IdParams,
  summary: "Rotate an endpoint's signing secret",
  description: "The new secret is answered this once and signs every attempt from now on, retries included.",
  responses: { 200: { description: "The new secret", schema: RotatedWebhookSecret } },
  errors: endpointErrors,
});

export const listWebhookDeliveries = webhookOperation({
  method: "get",
  path: "/webhook/{id}/deliveries",
  params: IdParams,
  query: WebhookDeliveryListQuery,
  summary: "An endpoint's deliveries",
  description:
    "Newest first, with every attempt's status code (or network error) and duration, and when a pending one is tried next.",
  responses: { 200: { description: "A page of deliveries", schema: WebhookDeliveryPage } },
  errors: endpointErrors,
});

export const redeliverWebhook = webhookOperation({
  method: "post",
  path: "/webhook/{id}/deliveries/{delivery_id}/redeliver",
  permission: "WEBHOOK.U",
  params: z.object({ id: IntIdParam, delivery_id: IntIdParam }),
  summary: "Deliver a message again",
  description: "The same message, with the same `webhook-id`, is sent again now and retried as a new one would be.",
  responses: { 200: { description: "The delivery, PENDING", schema: WebhookDeliveryView } },
  errors: {
    ...endpointErrors,
    404: reason("`webhook endpoint not found`, or `webhook delivery not found`: not a delivery of this endpoint"),
    409: disabled,
  },
});

export const sendWebhookTest = webhookOperation({
  method: "post",
  path: "/webhook/{id}/test",
  permission: "WEBHOOK.U",
  params: IdParams,
  summary: "Send a test event",
  description:
    "A `webhook.test` event to this endpoint only, whatever events it subscribes to; list its deliveries to see how it went.",
  responses: { 200: { description: "The queued delivery", schema: WebhookDeliveryView } },
  errors: { ...endpointErrors, 409: disabled },
});
