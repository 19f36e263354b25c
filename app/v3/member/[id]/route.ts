// GET    /v3/member/{id}: one member with memberships, properties, consents and subscriptions
// PUT    /v3/member/{id}: update a member
// DELETE /v3/member/{id}: erase a member (GDPR)
import { z } from "zod";
import { route } from "@/lib/http/route";
import { eraseMember, updateMember } from "@/lib/services/member-changes";
import { getMember } from "@/lib/services/members";
import { UpdateMemberRequest } from "@/lib/validation/member";
import { IntIdParam } from "@/lib/validation/common";

const params = z.object({ id: IntIdParam });

export const GET = route({ auth: "bearer", module: "member", params }, async ({ caller, params }) => getMember(caller, params.id));

export const PUT = route(
  { auth: "bearer", module: "member", permission: "MEMBER.U", params, body: UpdateMemberRequest },
  async ({ caller, params, body }) => updateMember(caller, params.id, body),
);

export const DELETE = route({ auth: "bearer", module: "member", permission: "MEMBER.U", params }, async ({ caller, params }) =>
  eraseMember(caller, params.id),
);
