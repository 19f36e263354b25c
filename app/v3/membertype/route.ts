// GET /v3/membertype?company_id=: member types (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import { listMemberTypes } from "@/lib/services/organization";
import { OrganizationQuery } from "@/lib/validation/organization";

export const GET = route({ auth: "bearer", module: "member", query: OrganizationQuery }, async ({ caller, query }) => listMemberTypes(caller, query));
