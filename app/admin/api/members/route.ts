// GET /admin/api/members?q=&statuses=&…: the member screen's search (the same service as /v3's member search)
import { route } from "@/lib/http/route";
import * as api from "@/modules/members/operations/dashboard";
import { searchMembers } from "@/modules/members/services/search";

export const GET = route(api.dashboardMembers, async ({ caller, query }) => searchMembers(caller, query));
