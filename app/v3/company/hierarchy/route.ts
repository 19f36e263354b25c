// GET /v3/company/hierarchy: the companies in the caller's scope as nested trees
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/organization";
import { companyHierarchy } from "@/lib/services/company-directory";

export const GET = route(api.getCompanyHierarchy, async ({ caller }) => companyHierarchy(caller));
