// POST /admin/api/imports/{id}/preview: the first rows as mapped and the file's problems
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/dashboard";
import { previewImport } from "@/modules/imports/services/imports";

export const POST = route(api.dashboardPreviewImport, async ({ caller, params, body }) =>
  previewImport(caller, params.id, body.mapping),
);
