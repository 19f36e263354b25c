// GET /v3/company/search?q=&limit=: companies by name or org number, exact matches first
import { route } from "@/lib/http/route";
import { searchCompanies } from "@/lib/services/company-directory";
import { CompanySearchQuery } from "@/lib/validation/organization";

export const GET = route({ auth: "bearer", module: "company", query: CompanySearchQuery }, async ({ caller, query }) =>
  searchCompanies(caller, query),
);
