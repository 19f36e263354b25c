// GET /v3/membertype?company_id=: member types (a company's and its parents', or every company's in scope)
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/organization";
import { listMemberTypes } from "@/modules/companies/services/organization";

export const GET = route(api.listMemberTypes, async ({ caller, query }) => listMemberTypes(caller, query));
