// POST /v3/member: create a member
import { route } from "@/lib/http/route";
import * as api from "@/lib/operations/member";
import { createMember } from "@/lib/services/member-changes";

export const POST = route(api.createMember, async ({ caller, body }) => createMember(caller, body));
