// GET /v3/imports/{id}: an import and its progress
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/api";
import { getImport } from "@/modules/imports/services/imports";

export const GET = route(api.getImport, async ({ caller, params }) => getImport(caller, params.id));
