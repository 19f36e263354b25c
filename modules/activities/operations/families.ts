// /v3 a member's guardians (an extension beyond the contract: module `member`, MEMBER.U to change). The age rule that
// uses them and the hosted sign-up that records them are described in docs/api.md "Families and the hosted activity
// sign-up".
import { GuardianList, GuardianParams, SetGuardianRequest } from "../schemas/families";
import { bearerInputErrors, reason } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const guardianOperation = operationsSharing({ auth: "bearer", module: "member", tags: ["Members"] });
const memberNotFound = reason(
  "`member not found`: no member has this id (or `guardian_id`), it was erased, or it belongs to a company outside " +
    "your scope",
);
const guardianErrors = { ...bearerInputErrors, 404: memberNotFound };
const listResponse = { 200: { description: "The member's guardians with their consents", schema: GuardianList } };

export const listMemberGuardians = guardianOperation({
  method: "get",
  path: "/member/{id}/guardians",
  params: IdParams,
  summary: "List a member's guardians",
  description:
    "The member's guardians (other members of the same organization) with their relation and each one's consents " +
    "for this member: the consent text's key, when and where it was given (`hosted_signup`, `dashboard`, `api`) and " +
    "when it was withdrawn. A member under 13 is contacted only through them; from 13 to 17 they get a copy.",
  responses: listResponse,
  errors: guardianErrors,
});

export const setMemberGuardian = guardianOperation({
  method: "put",
  path: "/member/{id}/guardians/{guardian_id}",
  permission: "MEMBER.U",
  params: GuardianParams,
  body: SetGuardianRequest,
  summary: "Make a member a guardian of another",
  description:
    "Links `guardian_id` as a guardian of the member, with the relation given. Both must be in your scope and of " +
    "the same organization (400 `guardian_id` otherwise). Linking again keeps the first relation.",
  responses: listResponse,
  errors: guardianErrors,
});

export const removeMemberGuardian = guardianOperation({
  method: "delete",
  path: "/member/{id}/guardians/{guardian_id}",
  permission: "MEMBER.U",
  params: GuardianParams,
  summary: "Remove a guardian of a member",
  description:
    "Ends the link. The guardian's consents for the member are kept as the record of what was agreed to, marked " +
    "withdrawn now. A guardian not linked is no error.",
  responses: listResponse,
  errors: guardianErrors,
});
