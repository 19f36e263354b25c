// GET  /v3/activities?company_id=: a company's activities
// POST /v3/activities: create an activity
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { createActivity, listActivities } from "@/modules/activities/services/activities";

export const GET = route(api.listActivities, async ({ caller, query }) => listActivities(caller, query.company_id));

export const POST = route(api.createActivity, async ({ caller, body }) => createActivity(caller, body));
