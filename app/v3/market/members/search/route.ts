// POST /v3/market/members/search: members matching filters, a search text and a sort, one page at a time
import { route } from "@/lib/http/route";
import * as api from "@/modules/members/operations/api";
import { searchMembers } from "@/modules/members/services/search";

export const POST = route(api.searchMembers, async ({ caller, body }) => searchMembers(caller, body));
