// GET /admin/api/activities?company_id=: a company's activities with each one's next occasion
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { listActivitiesWithNext } from "@/modules/activities/services/dashboard";

export const GET = route(api.dashboardActivities, async ({ caller, query }) =>
  listActivitiesWithNext(caller, query.company_id),
);
