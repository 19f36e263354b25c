// POST /v3/member/pagination: a page of members, optionally of one period and membership statuses
import { route } from "@/lib/http/route";
import * as api from "@/modules/members/operations/api";
import { paginateMembers } from "@/modules/members/services/search";

export const POST = route(api.listMembers, async ({ caller, body }) => paginateMembers(caller, body));
