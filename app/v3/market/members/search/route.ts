// POST /v3/market/members/search: members matching filters, a search text and a sort, one page at a time
import { route } from "@/lib/http/route";
import { searchMembers } from "@/lib/services/member-search";
import { MemberSearchRequest } from "@/lib/validation/member";

export const POST = route({ auth: "bearer", module: "member", body: MemberSearchRequest }, async ({ caller, body }) =>
  searchMembers(caller, body),
);
