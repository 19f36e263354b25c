// GET /admin/api/companies?q=: the register in the caller's scope, with parent names (table and tree)
import { route } from "@/lib/http/route";
import { listCompanyRegister } from "@/lib/services/companies";
import { CompanyRegisterQuery } from "@/lib/validation/company";

export const GET = route({ auth: "session", query: CompanyRegisterQuery }, async ({ caller, query }) => listCompanyRegister(caller, query));
