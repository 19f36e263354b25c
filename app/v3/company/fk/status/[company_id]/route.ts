// GET /v3/company/fk/status/{company_id}: approved-provider status from the external leisure-card service
import { route } from "@/lib/http/route";
import { getUtforarstatus } from "@/lib/services/leisure-card";
import { CompanyIdParams } from "@/lib/validation/company";

export const GET = route({ auth: "bearer", module: "company", params: CompanyIdParams }, async ({ caller, params }) =>
  getUtforarstatus(caller, params.company_id),
);
