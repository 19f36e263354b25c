// GET /v3/property?company_id=: property groups with their properties (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import { listMemberPropertyGroups } from "@/lib/services/organization";
import { OrganizationQuery } from "@/lib/validation/organization";

export const GET = route({ auth: "bearer", module: "member", query: OrganizationQuery }, async ({ caller, query }) => listMemberPropertyGroups(caller, query));
