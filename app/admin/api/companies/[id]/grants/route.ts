// GET /admin/api/companies/{id}/grants: every grant, with its activation date on this company (or null)
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/dashboard";
import { companyGrantsView } from "@/modules/access/services/grants";

export const GET = route(api.dashboardCompanyGrants, async ({ caller, params }) =>
  companyGrantsView(caller, params.id),
);
