// GET /admin/api/companies/{id}/history: the company's fk_status changes, newest first
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/dashboard";
import { fkStatusHistory } from "@/modules/companies/services/fk-status";

export const GET = route(api.dashboardCompanyHistory, async ({ caller, params }) => fkStatusHistory(caller, params.id));
