// GET /v3/company/hierarchy: the companies in the caller's scope as nested trees
import { route } from "@/lib/http/route";
import { companyHierarchy } from "@/lib/services/company-directory";

export const GET = route({ auth: "bearer", module: "company" }, async ({ caller }) => companyHierarchy(caller));
