// POST /v3/member: create a member
import { route } from "@/lib/http/route";
import { json } from "@/lib/http/responses";
import { createMember } from "@/lib/services/member-changes";
import { CreateMemberRequest } from "@/lib/validation/member";

export const POST = route(
  { auth: "bearer", module: "member", permission: "MEMBER.U", body: CreateMemberRequest },
  async ({ caller, body }) => json(await createMember(caller, body), 201),
);
