// GET /v3/company_period?company_id=: periods (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import { listPeriods } from "@/lib/services/organization";
import { OrganizationQuery } from "@/lib/validation/organization";

export const GET = route({ auth: "bearer", module: "member", query: OrganizationQuery }, async ({ caller, query }) => listPeriods(caller, query));
