// GET /admin/api/webhooks?company_id=: a company's webhook endpoints
import { route } from "@/lib/http/route";
import * as api from "@/modules/webhooks/operations/dashboard";
import { listWebhookEndpoints } from "@/modules/webhooks/services/webhooks";

export const GET = route(api.dashboardWebhooks, async ({ caller, query }) =>
  listWebhookEndpoints(caller, query.company_id),
);
