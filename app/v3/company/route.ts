// GET /v3/company: the caller's own company (the root of its API key's scope)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/company";
import { getOwnCompany } from "@/lib/services/companies";

export const GET = route(api.getCurrentCompany, async ({ caller }) => getOwnCompany(caller));
