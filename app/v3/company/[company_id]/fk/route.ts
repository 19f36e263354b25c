// GET /v3/company/{company_id}/fk: one company's enrollment view; PUT: set its fk_status (nothing else)
import { route } from "@/lib/http/route";
import { getCompanyFk } from "@/lib/services/companies";
import { updateFkStatus } from "@/lib/services/fk-status";
import { CompanyIdParams, UpdateFkStatusRequest } from "@/lib/validation/company";

export const GET = route({ auth: "bearer", module: "company", params: CompanyIdParams }, async ({ caller, params }) =>
  getCompanyFk(caller, params.company_id),
);

export const PUT = route(
  { auth: "bearer", module: "company", permission: "COMPANY.U", params: CompanyIdParams, body: UpdateFkStatusRequest },
  async ({ caller, params, body }) => updateFkStatus(caller, params.company_id, body.fk_status),
);
