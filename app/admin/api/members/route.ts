// GET /admin/api/members?q=&statuses=&…: the member screen's search (the same service as /v3's member search)
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/dashboard-members";
import { searchMembers } from "@/lib/services/member-search";

export const GET = route(api.dashboardMembers, async ({ caller, query }) => searchMembers(caller, query));
