// POST /v3/webhook/{id}/deliveries/{delivery_id}/redeliver: the same message again, now
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/api";
import { redeliverWebhook } from "@/modules/webhooks/services/webhooks";

export const POST = route(api.redeliverWebhook, async ({ caller, params }) =>
  redeliverWebhook(caller, params.id, params.delivery_id),
);
