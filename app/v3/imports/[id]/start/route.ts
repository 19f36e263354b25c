// POST /v3/imports/{id}/start: run the import in the background
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/imports";
import { startImport } from "@/lib/services/imports";

export const POST = route(api.startImport, async ({ caller, params, body }) => startImport(caller, params.id, body));
