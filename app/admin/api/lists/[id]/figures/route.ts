// GET /admin/api/lists/{id}/figures: the list's figures over time (the chart on the list's page)
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard-tools";
import { listFigures } from "@/modules/lists/services/figures";

export const GET = route(api.dashboardListFigures, async ({ caller, params, query }) =>
  listFigures(caller, params.id, query.days),
);
