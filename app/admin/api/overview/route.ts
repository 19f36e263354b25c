// GET /admin/api/overview: the dashboard's overview counts and the 30-day chart
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-overview";
import { overview } from "@/lib/services/overview";

export const GET = route(api.dashboardOverview, async ({ caller }) => overview(caller));
