// GET /v3/company: the caller's own company (the root of its API key's scope)
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/api";
import { getOwnCompany } from "@/modules/companies/services/companies";

export const GET = route(api.getCurrentCompany, async ({ caller }) => getOwnCompany(caller));
