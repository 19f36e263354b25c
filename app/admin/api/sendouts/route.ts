// GET /admin/api/sendouts?company_id=: a company's sendouts with their figures (the same service as /v3/sendout)
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard";
import { listSendouts } from "@/modules/sendouts/services/sendouts";

export const GET = route(api.dashboardSendouts, async ({ caller, query }) => listSendouts(caller, query.company_id));
