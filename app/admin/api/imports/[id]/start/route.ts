// POST /admin/api/imports/{id}/start: start the import in the background
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-imports";
import { startImport } from "@/lib/services/imports";

export const POST = route(api.dashboardStartImport, async ({ caller, params, body }) => startImport(caller, params.id, body));
