// GET /admin/api/companies/{id}/leisure-card-key: giro details and last update of the record (never the key), or null
import { route } from "@/lib/http/route";
import { leisureCardKeyInfo } from "@/lib/services/leisure-card";
import { CompanyPathParams } from "@/lib/validation/company";

export const GET = route({ auth: "session", params: CompanyPathParams }, async ({ caller, params }) => leisureCardKeyInfo(caller, params.id));
