// GET /v3/company_period?company_id=: periods (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/organization";
import { listPeriods } from "@/lib/services/organization";

export const GET = route(api.listCompanyPeriods, async ({ caller, query }) => listPeriods(caller, query));
