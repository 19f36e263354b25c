// GET /v3/company/fk/status/{company_id}: approved-provider status from the external leisure-card service
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/api";
import { getUtforarstatus } from "@/modules/companies/services/leisure-card";

export const GET = route(api.getCompanyUtforarstatus, async ({ caller, params }) =>
  getUtforarstatus(caller, params.company_id),
);
