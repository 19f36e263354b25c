// GET /admin/api/sendouts/recipients?company_id=&list_ids=: who a sendout to these lists would reach now
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard";
import { countSendoutRecipients } from "@/modules/sendouts/services/recipients";

export const GET = route(api.dashboardSendoutReach, async ({ caller, query }) =>
  countSendoutRecipients(caller, query.company_id, query.list_ids, query.activity_ids),
);
