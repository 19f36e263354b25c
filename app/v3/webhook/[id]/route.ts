// GET    /v3/webhook/{id}: one endpoint
// PUT    /v3/webhook/{id}: change, enable or disable it
// DELETE /v3/webhook/{id}: delete it
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/api";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "@/modules/webhooks/services/webhooks";

export const GET = route(api.getWebhookEndpoint, async ({ caller, params }) => getWebhookEndpoint(caller, params.id));

export const PUT = route(api.updateWebhookEndpoint, async ({ caller, params, body }) =>
  updateWebhookEndpoint(caller, params.id, body),
);

export const DELETE = route(api.deleteWebhookEndpoint, async ({ caller, params }) =>
  deleteWebhookEndpoint(caller, params.id),
);
