// GET /admin/api/lists/{id}: one list as the editor shows it
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { getList } from "@/modules/lists/services/lists";

export const GET = route(api.dashboardList, async ({ caller, params }) => getList(caller, params.id));
