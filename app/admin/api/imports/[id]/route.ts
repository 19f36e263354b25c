// GET /admin/api/imports/{id}: an import and its progress (polled while it runs)
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/dashboard";
import { getImport } from "@/modules/imports/services/imports";

export const GET = route(api.dashboardGetImport, async ({ caller, params }) => getImport(caller, params.id));
