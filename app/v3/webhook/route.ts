// GET  /v3/webhook?company_id=: a company's webhook endpoints
// POST /v3/webhook: register one (answers its signing secret once)
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/api";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/modules/webhooks/services/webhooks";

export const GET = route(api.listWebhookEndpoints, async ({ caller, query }) =>
  listWebhookEndpoints(caller, query.company_id),
);

export const POST = route(api.createWebhookEndpoint, async ({ caller, body }) => createWebhookEndpoint(caller, body));
