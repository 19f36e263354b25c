// POST /v3/webhook/{id}/test: a webhook.test event to this endpoint
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/api";
import { sendWebhookTest } from "@/modules/webhooks/services/webhooks";

export const POST = route(api.sendWebhookTest, async ({ caller, params }) => sendWebhookTest(caller, params.id));
