// GET /admin/api/events/companies: the companies in scope the event screen can show
import { route } from "@/lib/http/route";
import * as api from "@/modules/events/operations/dashboard";
import { eventCompanyChoices } from "@/modules/members/services/dashboard";

export const GET = route(api.dashboardEventCompanies, async ({ caller }) => eventCompanyChoices(caller));
