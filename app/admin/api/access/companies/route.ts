// GET /admin/api/access/companies: the companies an ADMIN may grant (API key company, access-group scope pickers)
import { route } from "@/lib/http/route";
import * as api from "@/modules/access/operations/dashboard";
import { grantableCompanies } from "@/modules/access/services/api-keys";

export const GET = route(api.dashboardGrantableCompanies, async ({ caller }) => grantableCompanies(caller));
