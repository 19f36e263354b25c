// POST /v3/imports/{id}/undo: remove what the import added, where nothing changed it since
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/imports";
import { undoImport } from "@/lib/services/imports";

export const POST = route(api.undoImport, async ({ caller, params }) => undoImport(caller, params.id));
