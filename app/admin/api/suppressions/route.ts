// GET /admin/api/suppressions?company_id=&page=: one page of an association's suppressed addresses
import { route } from "@/lib/http/route";
import * as api from "@/modules/sendouts/operations/dashboard";
import { listSuppressions } from "@/modules/sendouts/services/suppressions";

export const GET = route(api.dashboardSuppressions, async ({ caller, query }) => listSuppressions(caller, query));
