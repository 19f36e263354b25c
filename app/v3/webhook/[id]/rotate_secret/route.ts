// POST /v3/webhook/{id}/rotate_secret: a new signing secret, answered once
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/api";
import { rotateWebhookSecret } from "@/modules/webhooks/services/webhooks";

export const POST = route(api.rotateWebhookSecret, async ({ caller, params }) =>
  rotateWebhookSecret(caller, params.id),
);
