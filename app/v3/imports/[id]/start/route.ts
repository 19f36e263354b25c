// POST /v3/imports/{id}/start: run the import in the background
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/api";
import { startImport } from "@/modules/imports/services/imports";

export const POST = route(api.startImport, async ({ caller, params, body }) => startImport(caller, params.id, body));
