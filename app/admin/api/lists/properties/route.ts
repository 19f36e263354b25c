// GET /admin/api/lists/properties?company_id=: the company's property groups, the questions a list can ask
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-lists";
import { listPropertyGroups } from "@/lib/services/properties";

export const GET = route(api.dashboardListProperties, async ({ caller, query }) => listPropertyGroups(caller, query.company_id));
