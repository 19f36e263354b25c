// GET /v3/company/search?q=&limit=: companies by name or org number, exact matches first
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/organization";
import { searchCompanies } from "@/modules/companies/services/directory";

export const GET = route(api.searchCompanies, async ({ caller, query }) => searchCompanies(caller, query));
