// GET /v3/company/search?q=&limit=: companies by name or org number, exact matches first
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/organization";
import { searchCompanies } from "@/lib/services/company-directory";

export const GET = route(api.searchCompanies, async ({ caller, query }) => searchCompanies(caller, query));
