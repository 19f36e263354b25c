// POST /v3/member/pagination: a page of members, optionally of one period and membership statuses
import { route } from "@/lib/http/route";
import { paginateMembers } from "@/lib/services/member-search";
import { MemberPaginationRequest } from "@/lib/validation/member";

export const POST = route({ auth: "bearer", module: "member", body: MemberPaginationRequest }, async ({ caller, body }) =>
  paginateMembers(caller, body),
);
