// GET /admin/api/sendouts/recipients?company_id=&list_ids=: who a sendout to these lists would reach now
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-sendouts";
import { countSendoutRecipients } from "@/lib/services/sendout-recipients";

export const GET = route(api.dashboardSendoutReach, async ({ caller, query }) => countSendoutRecipients(caller, query.company_id, query.list_ids));
