// GET /v3/company/{company_id}/fk: one company's enrollment view; PUT: set its fk_status (nothing else)
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/api";
import { getCompanyFk } from "@/modules/companies/services/companies";
import { updateFkStatus } from "@/modules/companies/services/fk-status";

export const GET = route(api.getCompanyFk, async ({ caller, params }) => getCompanyFk(caller, params.company_id));

export const PUT = route(api.updateCompanyFkStatus, async ({ caller, params, body }) =>
  updateFkStatus(caller, params.company_id, body.fk_status),
);
