// POST /v3/imports: upload a file (the raw body) to import; GET /v3/imports: recent imports
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/api";
import { createImport, listImports } from "@/modules/imports/services/imports";

export const POST = route(api.createImport, async ({ caller, query, request }) =>
  createImport(caller, query, request.headers.get("content-type"), request.body),
);

export const GET = route(api.listImports, async ({ caller }) => listImports(caller));
