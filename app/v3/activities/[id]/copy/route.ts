// POST /v3/activities/{id}/copy: the activity copied to a new term
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { copyActivity } from "@/modules/activities/services/copy";

export const POST = route(api.copyActivity, async ({ caller, params, body }) => copyActivity(caller, params.id, body));
