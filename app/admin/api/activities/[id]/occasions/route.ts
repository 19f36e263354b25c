// GET /admin/api/activities/{id}/occasions?from=&to=: an activity's occasions
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/dashboard";
import { listOccasions } from "@/modules/activities/services/occasions";

export const GET = route(api.dashboardActivityOccasions, async ({ caller, params, query }) =>
  listOccasions(caller, params.id, query),
);
