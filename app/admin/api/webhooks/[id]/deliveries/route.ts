// GET /admin/api/webhooks/{id}/deliveries?page=&status=: one page of an endpoint's deliveries
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/dashboard";
import { listWebhookDeliveries } from "@/modules/webhooks/services/webhooks";

export const GET = route(api.dashboardWebhookDeliveries, async ({ caller, params, query }) =>
  listWebhookDeliveries(caller, params.id, query),
);
