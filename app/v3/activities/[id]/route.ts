// GET    /v3/activities/{id}: one activity with its leaders and participants
// PUT    /v3/activities/{id}: update an activity
// DELETE /v3/activities/{id}: delete an activity
import { route } from "@/lib/http/route";
import * as api from "@/modules/activities/operations/api";
import { deleteActivity, getActivity, updateActivity } from "@/modules/activities/services/activities";

export const GET = route(api.getActivity, async ({ caller, params }) => getActivity(caller, params.id));

export const PUT = route(api.updateActivity, async ({ caller, params, body }) =>
  updateActivity(caller, params.id, body),
);

export const DELETE = route(api.deleteActivity, async ({ caller, params }) => deleteActivity(caller, params.id));
