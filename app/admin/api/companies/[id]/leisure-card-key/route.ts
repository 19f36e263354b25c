// GET /admin/api/companies/{id}/leisure-card-key: giro details and last update of the record (never the key), or null
import { route } from "@/lib/http/route";
import * as api from "@/modules/companies/operations/dashboard";
import { leisureCardKeyInfo } from "@/modules/companies/services/leisure-card";

export const GET = route(api.dashboardLeisureCardKey, async ({ caller, params }) =>
  leisureCardKeyInfo(caller, params.id),
);
