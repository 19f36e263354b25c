// GET /v3/imports/{id}: an import and its progress
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/imports";
import { getImport } from "@/lib/services/imports";

export const GET = route(api.getImport, async ({ caller, params }) => getImport(caller, params.id));
