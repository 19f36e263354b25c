// GET /admin/api/lists/{id}/members?q=: members of the list's organization matching an email or name (to subscribe)
import { route } from "@/lib/http/route";
import * as api from "@/modules/lists/operations/dashboard";
import { findMembersForList } from "@/modules/lists/services/subscribers";

export const GET = route(api.dashboardListMembers, async ({ caller, params, query }) =>
  findMembersForList(caller, params.id, query.q),
);
