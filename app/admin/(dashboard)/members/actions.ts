"use server";
// The member screens' writes (member module, MEMBER.U): the same services as POST/PUT/DELETE /v3/member.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { createMember, eraseMember, updateMember } from "@/lib/services/member-changes";
import { CreateMemberRequest, UpdateMemberRequest } from "@/lib/validation/member";
import { IntId } from "@/lib/validation/common";

export const createMemberAction = action(
  { auth: "session", module: "member", permission: "MEMBER.U", input: CreateMemberRequest },
  async (input, { caller }) => createMember(caller, input),
);

export const updateMemberAction = action(
  { auth: "session", module: "member", permission: "MEMBER.U", input: UpdateMemberRequest.extend({ id: IntId }) },
  async ({ id, ...input }, { caller }) => updateMember(caller, id, input),
);

export const eraseMemberAction = action(
  { auth: "session", module: "member", permission: "MEMBER.U", input: z.object({ id: IntId }) },
  async ({ id }, { caller }) => eraseMember(caller, id),
);
