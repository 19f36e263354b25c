// GET /v3/webhook/{id}/deliveries: the endpoint's deliveries, newest first
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/webhook";
import { listWebhookDeliveries } from "@/lib/services/webhooks";

export const GET = route(api.listWebhookDeliveries, async ({ caller, params, query }) => listWebhookDeliveries(caller, params.id, query));
