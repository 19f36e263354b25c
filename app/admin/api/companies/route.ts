// GET /admin/api/companies?q=: the register in the caller's scope, with parent names (table and tree)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard";
import { listCompanyRegister } from "@/lib/services/companies";

export const GET = route(api.dashboardCompanies, async ({ caller, query }) => listCompanyRegister(caller, query));
