// GET /admin/api/lists/{id}/subscribers?page=&limit=&status=&q=: one page of the list's subscribers, with the count
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { listSubscribers } from "@/modules/lists/services/subscribers";

export const GET = route(api.dashboardListSubscribers, async ({ caller, params, query }) =>
  listSubscribers(caller, params.id, query),
);
