// GET /v3/company/fk: the whole company register in minimal form (name, org_number, parent)
import { cachedJsonText } from "@/lib/http/kept-gzip";
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/api";
import { registerJson } from "@/modules/companies/services/companies";

export const GET = route(api.listCompanyRegister, async ({ caller, request }) =>
  cachedJsonText(request, await registerJson(caller)),
);
