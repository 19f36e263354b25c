// GET /admin/api/companies/{id}: one company's register fields, fk_status and parent
import { route } from "@/lib/http/route";
import { getCompanyDetail } from "@/lib/services/companies";
import { CompanyPathParams } from "@/lib/validation/company";

export const GET = route({ auth: "session", params: CompanyPathParams }, async ({ caller, params }) => getCompanyDetail(caller, params.id));
