// GET /v3/company: the caller's own company (the root of its API key's scope)
import { route } from "@/lib/http/route";
import { getOwnCompany } from "@/lib/services/companies";

export const GET = route({ auth: "bearer" }, async ({ caller }) => getOwnCompany(caller));
