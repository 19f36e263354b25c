// GET /admin/api/activities/companies: the companies in scope the activity screens can show
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { activityCompanyChoices } from "@/modules/activities/services/dashboard";

export const GET = route(api.dashboardActivityCompanies, async ({ caller }) => activityCompanyChoices(caller));
