// GET /v3/occasions/{id}: an occasion with its attendance
// PUT /v3/occasions/{id}: move, change or cancel an occasion
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { getOccasion, updateOccasion } from "@/modules/activities/services/occasions";

export const GET = route(api.getOccasion, async ({ caller, params }) => getOccasion(caller, params.id));

export const PUT = route(api.updateOccasion, async ({ caller, params, body }) =>
  updateOccasion(caller, params.id, body),
);
