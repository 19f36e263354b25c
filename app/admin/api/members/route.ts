// GET /admin/api/members?q=&statuses=&…: the member screen's search (the same service as /v3's member search)
import { route } from "@/lib/http/route";
import { searchMembers } from "@/lib/services/member-search";
import { MemberSearchQuery } from "@/lib/validation/member";

export const GET = route({ auth: "session", module: "member", query: MemberSearchQuery }, async ({ caller, query }) => searchMembers(caller, query));
