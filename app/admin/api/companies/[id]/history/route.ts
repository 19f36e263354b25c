// GET /admin/api/companies/{id}/history: the company's fk_status changes, newest first
import { route } from "@/lib/http/route";
import { fkStatusHistory } from "@/lib/services/fk-status";
import { CompanyPathParams } from "@/lib/validation/company";

export const GET = route({ auth: "session", params: CompanyPathParams }, async ({ caller, params }) => fkStatusHistory(caller, params.id));
