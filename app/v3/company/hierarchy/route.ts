// GET /v3/company/hierarchy: the companies in the caller's scope as nested trees
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/organization";
import { companyHierarchy } from "@/modules/companies/services/directory";

export const GET = route(api.getCompanyHierarchy, async ({ caller }) => companyHierarchy(caller));
