// GET /v3/webhook/{id}/deliveries: the endpoint's deliveries, newest first
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/api";
import { listWebhookDeliveries } from "@/modules/webhooks/services/webhooks";

export const GET = route(api.listWebhookDeliveries, async ({ caller, params, query }) =>
  listWebhookDeliveries(caller, params.id, query),
);
