// GET /v3/company_period?company_id=: periods (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/organization";
import { listPeriods } from "@/modules/companies/services/organization";

export const GET = route(api.listCompanyPeriods, async ({ caller, query }) => listPeriods(caller, query));
