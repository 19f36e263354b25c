// POST /v3/member: create a member
import { route } from "@/lib/http/route";
import * as api from "@/modules/members/operations/api";
import { createMember } from "@/modules/members/services/changes";

export const POST = route(api.createMember, async ({ caller, body }) => createMember(caller, body));
