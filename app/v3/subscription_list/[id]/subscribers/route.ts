// GET /v3/subscription_list/{id}/subscribers: subscribers, paginated, newest first
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/api";
import { listSubscribers } from "@/modules/lists/services/subscribers";

export const GET = route(api.listSubscribers, async ({ caller, params, query }) =>
  listSubscribers(caller, params.id, query),
);
