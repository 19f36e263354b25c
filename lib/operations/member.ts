// /v3 members.
import {
  CreateMemberRequest,
  ErasedMember,
  MemberPage,
  MemberPaginationRequest,
  MemberSearchRequest,
  MemberView,
  UpdateMemberRequest,
} from "../validation/member";
import { bearerInputErrors, reason } from "./errors";
import { operationsSharing } from "./operation";
import { IdParams } from "./params";

const memberOperation = operationsSharing({ auth: "bearer", module: "member", tags: ["Members"] });
const memberNotFound = reason("`member not found`: no such member, it was erased, or it belongs to a company outside your scope");
const scopeNote =
  "A member belongs to one company (`company_id`); you see it when that company is in your access scope. " +
  "Another company's member answers exactly as a missing one (404 `member not found`), so ids cannot be probed.";
const memberErrors = { ...bearerInputErrors, 404: memberNotFound };

export const listMembers = memberOperation({
  method: "post",
  path: "/member/pagination",
  body: MemberPaginationRequest,
  summary: "A page of members",
  description:
    "Members of the companies in your scope. `options.period_id` and `options.statuses` keep members with a " +
    "membership in that period and of one of those statuses (both on one membership). Rows carry the memberships; " +
    "`count` is the number of all matching members. Answers with a fixed number of SQL statements whatever the page.",
  responses: { 200: { description: "One page", schema: MemberPage } },
  errors: bearerInputErrors,
});

export const getMember = memberOperation({
  method: "get",
  path: "/member/{id}",
  params: IdParams,
  summary: "One member",
  description: `With memberships, properties, consents and list subscriptions. ${scopeNote}`,
  responses: { 200: { description: "The member", schema: MemberView } },
  errors: memberErrors,
});

export const createMember = memberOperation({
  method: "post",
  path: "/member",
  permission: "MEMBER.U",
  body: CreateMemberRequest,
  summary: "Create a member",
  description:
    "The company must be in your scope. An email already used by a member of the company is 400 on `email` (emails " +
    "compare lower-cased, as the public subscribe does). Memberships name a company (the member's or one below it), " +
    "a period and optionally a member type of that company or a company above it (see GET /company_period and GET " +
    "/membertype); `prop_ids` are properties of GET /property.",
  responses: { 201: { description: "Created", schema: MemberView } },
  errors: bearerInputErrors,
});

export const updateMember = memberOperation({
  method: "put",
  path: "/member/{id}",
  permission: "MEMBER.U",
  params: IdParams,
  body: UpdateMemberRequest,
  summary: "Update a member",
  description: `Fields left out stay; null clears one; \`memberships\` and \`prop_ids\` replace their sets when given. ${scopeNote}`,
  responses: { 200: { description: "The updated member", schema: MemberView } },
  errors: memberErrors,
});

export const eraseMember = memberOperation({
  method: "delete",
  path: "/member/{id}",
  permission: "MEMBER.U",
  params: IdParams,
  summary: "Erase a member (GDPR)",
  description:
    "An erasure, not a soft delete: email, names, phone, birthdate and address are cleared, the member's properties, " +
    "consents and list subscriptions are deleted (freeing their list slots) and its email is scrubbed from the audit " +
    "log. Memberships and event participations stay as anonymous history, so member counts per period and event " +
    "remain right. The member is then not found by any operation; the same email may sign up again as a new member. " +
    scopeNote,
  responses: { 200: { description: "Erased", schema: ErasedMember } },
  errors: memberErrors,
});

export const searchMembers = memberOperation({
  method: "post",
  path: "/market/members/search",
  body: MemberSearchRequest,
  summary: "Search members with filters",
  description:
    "Only members of companies in your scope are found, whatever ids the filters name. Filters combine with AND. " +
    "`include` of `companies`, `events` and `properties`: `ANY` (the default), `ALL` or `NONE`; any other value is " +
    "400. `sort_by`: `created_desc` (default), `created_asc`, `name_asc`, `name_desc`, `email_asc`; others are 400. " +
    "`limit` at most 100. A fixed number of SQL statements whatever the page; filters are SQL EXISTS conditions.",
  responses: { 200: { description: "`members`, `count` (all matches), `page`, `limit`", schema: MemberPage } },
  errors: bearerInputErrors,
});
