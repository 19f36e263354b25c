// GET /admin/api/lists/properties?company_id=: the company's property groups, the questions a list can ask
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { listPropertyGroups } from "@/modules/members/services/properties";

export const GET = route(api.dashboardListProperties, async ({ caller, query }) =>
  listPropertyGroups(caller, query.company_id),
);
