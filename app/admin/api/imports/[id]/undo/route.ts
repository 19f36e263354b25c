// POST /admin/api/imports/{id}/undo: undo a DONE import
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/dashboard";
import { undoImport } from "@/modules/imports/services/imports";

export const POST = route(api.dashboardUndoImport, async ({ caller, params }) => undoImport(caller, params.id));
