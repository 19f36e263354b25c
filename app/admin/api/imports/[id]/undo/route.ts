// POST /admin/api/imports/{id}/undo: undo a DONE import
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-imports";
import { undoImport } from "@/lib/services/imports";

export const POST = route(api.dashboardUndoImport, async ({ caller, params }) => undoImport(caller, params.id));
