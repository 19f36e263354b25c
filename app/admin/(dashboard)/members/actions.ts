"use server";
// The member screens' writes (member module, MEMBER.U): the same services as POST/PUT/DELETE /v3/member; and the
// bulk action that adds the selected members to a list (SUBSCRIPTION_LIST.U).
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { addMembersToList } from "@/modules/members/services/bulk";
import { createMember, eraseMember, updateMember } from "@/modules/members/services/changes";
import { CreateMemberRequest, UpdateMemberRequest } from "@/modules/members/schemas/member";
import { IntId } from "@/lib/validation/common";
import { BulkAddToListRequest } from "@/modules/members/schemas/bulk";

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

// Bulk: the selected members (ticked, or all matching the search) added to a list by the subscription rules.
export const addMembersToListAction = action(
  { auth: "session", module: "member", permission: "SUBSCRIPTION_LIST.U", input: BulkAddToListRequest },
  async ({ list_id, selection }, { caller }) => addMembersToList(caller, list_id, selection),
);
