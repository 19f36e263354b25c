// GET /admin/api/overview: the dashboard's overview counts and the 30-day chart
import { route } from "@/lib/http/route";
import * as api from "@/modules/overview/operations/dashboard";
import { overview } from "@/modules/overview/services/overview";

export const GET = route(api.dashboardOverview, async ({ caller }) => overview(caller));
