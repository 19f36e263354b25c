// GET /admin/api/companies/{id}: one company's register fields, fk_status and parent
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/dashboard";
import { getCompanyDetail } from "@/modules/companies/services/companies";

export const GET = route(api.dashboardCompany, async ({ caller, params }) => getCompanyDetail(caller, params.id));
