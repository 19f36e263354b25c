// GET /admin/api/imports/{id}: an import and its progress (polled while it runs)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-imports";
import { getImport } from "@/lib/services/imports";

export const GET = route(api.dashboardGetImport, async ({ caller, params }) => getImport(caller, params.id));
