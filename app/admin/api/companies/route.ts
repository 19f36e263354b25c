// GET /admin/api/companies?q=: the register in the caller's scope, with parent names (table and tree)
import { cachedJsonText } from "@/lib/http/kept-gzip";
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/dashboard";
import { companyRegisterJson } from "@/modules/companies/services/companies";

export const GET = route(api.dashboardCompanies, async ({ caller, query, request }) =>
  cachedJsonText(request, await companyRegisterJson(caller, query)),
);
