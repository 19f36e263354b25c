// GET /admin/api/events/companies: the companies in scope the event screen can show
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-events";
import { eventCompanyChoices } from "@/lib/services/member-dashboard";

export const GET = route(api.dashboardEventCompanies, async ({ caller }) => eventCompanyChoices(caller));
