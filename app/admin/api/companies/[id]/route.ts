// GET /admin/api/companies/{id}: one company's register fields, fk_status and parent
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-companies";
import { getCompanyDetail } from "@/lib/services/companies";

export const GET = route(api.dashboardCompany, async ({ caller, params }) => getCompanyDetail(caller, params.id));
