// GET /admin/api/lists/{id}: one list as the editor shows it
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-lists";
import { getList } from "@/lib/services/subscription-lists";

export const GET = route(api.dashboardList, async ({ caller, params }) => getList(caller, params.id));
