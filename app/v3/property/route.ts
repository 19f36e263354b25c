// GET /v3/property?company_id=: property groups with their properties (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/organization";
import { listMemberPropertyGroups } from "@/modules/companies/services/organization";

export const GET = route(api.listProperties, async ({ caller, query }) => listMemberPropertyGroups(caller, query));
