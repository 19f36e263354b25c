// POST /admin/api/imports/{id}/start: start the import in the background
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/dashboard";
import { startImport } from "@/modules/imports/services/imports";

export const POST = route(api.dashboardStartImport, async ({ caller, params, body }) =>
  startImport(caller, params.id, body),
);
