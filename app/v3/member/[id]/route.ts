// GET    /v3/member/{id}: one member with memberships, properties, consents and subscriptions
// PUT    /v3/member/{id}: update a member
// DELETE /v3/member/{id}: erase a member (GDPR)
import { route } from "@/lib/http/route";
import * as api from "@/modules/members/operations/api";
import { eraseMember, updateMember } from "@/modules/members/services/changes";
import { getMember } from "@/modules/members/services/members";

export const GET = route(api.getMember, async ({ caller, params }) => getMember(caller, params.id));

export const PUT = route(api.updateMember, async ({ caller, params, body }) => updateMember(caller, params.id, body));

export const DELETE = route(api.eraseMember, async ({ caller, params }) => eraseMember(caller, params.id));
