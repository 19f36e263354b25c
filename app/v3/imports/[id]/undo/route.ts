// POST /v3/imports/{id}/undo: remove what the import added, where nothing changed it since
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/api";
import { undoImport } from "@/modules/imports/services/imports";

export const POST = route(api.undoImport, async ({ caller, params }) => undoImport(caller, params.id));
