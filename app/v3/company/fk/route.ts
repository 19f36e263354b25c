// GET /v3/company/fk: the whole company register in minimal form (name, org_number, parent)
import { jsonText } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/company";
import { registerJson } from "@/lib/services/companies";

export const GET = route(api.listCompanyRegister, async ({ caller }) => jsonText(await registerJson(caller)));
