// POST /admin/api/imports/{id}/preview: the first rows as mapped and the file's problems
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-imports";
import { previewImport } from "@/lib/services/imports";

export const POST = route(api.dashboardPreviewImport, async ({ caller, params, body }) => previewImport(caller, params.id, body.mapping));
