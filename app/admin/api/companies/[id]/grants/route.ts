// GET /admin/api/companies/{id}/grants: every grant, with its activation date on this company (or null)
import { route } from "@/lib/http/route";
import { companyGrantsView } from "@/lib/services/grants";
import { CompanyPathParams } from "@/lib/validation/company";

export const GET = route({ auth: "session", params: CompanyPathParams }, async ({ caller, params }) => companyGrantsView(caller, params.id));
