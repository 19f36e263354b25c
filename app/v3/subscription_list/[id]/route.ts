// GET    /v3/subscription_list/{id}: one list, with its uuid
// PUT    /v3/subscription_list/{id}: update a list
// DELETE /v3/subscription_list/{id}: delete a list
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/api";
import { deleteList, getList, updateList } from "@/modules/lists/services/lists";

export const GET = route(api.getSubscriptionList, async ({ caller, params }) => getList(caller, params.id));

export const PUT = route(api.updateSubscriptionList, async ({ caller, params, body }) =>
  updateList(caller, params.id, body),
);

export const DELETE = route(api.deleteSubscriptionList, async ({ caller, params }) => deleteList(caller, params.id));
