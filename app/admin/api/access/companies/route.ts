// GET /admin/api/access/companies: the companies an ADMIN may grant (API key company, access-group scope pickers)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-access";
import { grantableCompanies } from "@/lib/services/api-keys";

export const GET = route(api.dashboardGrantableCompanies, async ({ caller }) => grantableCompanies(caller));
