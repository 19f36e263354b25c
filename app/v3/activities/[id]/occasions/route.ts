// GET  /v3/activities/{id}/occasions: the activity's occasions
// POST /v3/activities/{id}/occasions: add an occasion by hand
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { addOccasion, listOccasions } from "@/modules/activities/services/occasions";

export const GET = route(api.listOccasions, async ({ caller, params, query }) =>
  listOccasions(caller, params.id, query),
);

export const POST = route(api.addOccasion, async ({ caller, params, body }) => addOccasion(caller, params.id, body));
