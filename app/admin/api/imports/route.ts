// POST /admin/api/imports: the dashboard's upload (the file as the raw body, streamed to the import service as
// POST /v3/imports does); GET /admin/api/imports: the recent imports (the import screen's list)
import { route } from "@/lib/http/route";
import * as api from "@/modules/imports/operations/dashboard";
import { createImport, listImports } from "@/modules/imports/services/imports";

export const POST = route(api.dashboardCreateImport, async ({ caller, query, request }) =>
  createImport(caller, query, request.headers.get("content-type"), request.body),
);

export const GET = route(api.dashboardListImports, async ({ caller }) => listImports(caller));
