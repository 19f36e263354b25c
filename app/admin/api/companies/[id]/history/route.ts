// GET /admin/api/companies/{id}/history: the company's fk_status changes, newest first
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-companies";
import { fkStatusHistory } from "@/lib/services/fk-status";

export const GET = route(api.dashboardCompanyHistory, async ({ caller, params }) => fkStatusHistory(caller, params.id));
