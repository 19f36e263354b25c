// The dashboard's data routes of the webhooks screen (/admin/api/webhooks), with the signed-in session: the same
// services as /v3/webhook.
import { z } from "zod";
import {
  WebhookDeliveryListQuery,
  WebhookDeliveryPage,
  WebhookEndpointListQuery,
  WebhookEndpointView,
} from "../schemas/webhooks";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";
import { reason, validation } from "@/lib/operations/errors";
import { IdParams } from "@/lib/operations/params";

export const dashboardWebhooks = dashboardRoute({
  path: "/webhooks",
  module: "webhook",
  query: WebhookEndpointListQuery,
  summary: "A company's webhook endpoints, oldest first",
  responses: { 200: { description: "The endpoints", schema: z.array(WebhookEndpointView) } },
  errors: { 400: validation, ...dashboardReadErrors, 404: reason("`company not found`") },
});

export const dashboardWebhookDeliveries = dashboardRoute({
  path: "/webhooks/{id}/deliveries",
  module: "webhook",
  params: IdParams,
  query: WebhookDeliveryListQuery,
  summary: "One page of an endpoint's deliveries, newest first, with every attempt",
  responses: { 200: { description: "A page of deliveries", schema: WebhookDeliveryPage } },
  errors: { 400: validation, ...dashboardReadErrors, 404: reason("`webhook endpoint not found`") },
});
