// /v3 members.
import {
  CreateMemberRequest,
  ErasedMember,
  MemberPage,
  MemberPaginationRequest,
  MemberSearchRequest,
  MemberView,
  UpdateMemberRequest,
} from "../schemas/member";
import { bearerInputErrors, reason } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const memberOperation = operationsSharing({ auth: "bearer", module: "member", tags: ["Members"] });
const memberNotFound = reason(
  "`member not found`: no member has this id, it was erased, or it belongs to a company outside your scope",
);
const scopeNote =
  "A member belongs to one company (`company_id`) and is visible when that company is in your API key's scope; a " +
  "member of any other company answers exactly like a missing one (404 `member not found`).";
const paging =
  "`page` counts from 1; `count` is the number of all matching members, so the last page is `ceil(count / limit)`.";
const memberErrors = { ...bearerInputErrors, 404: memberNotFound };

export const listMembers = memberOperation({
  method: "post",
  path: "/member/pagination",
  body: MemberPaginationRequest,
  summary: "List members, a page at a time",
  description:
    "Members of the companies in your API key's scope, each with its memberships, newest first unless `orderBy` says " +
    "otherwise (one field and `asc` or `desc`; ties go by id). `options.period_id` and `options.statuses` keep the " +
    "members with a membership in that period and of one of those statuses (both on the same membership), for " +
    "instance everyone who is a `MEMBER` in this year's period. Every field may be left out: `{}` is the first 20 " +
    `members. ${paging} For free-text search and more filters use POST /market/members/search.`,
  responses: { 200: { description: "One page of members", schema: MemberPage } },
  errors: bearerInputErrors,
});

export const getMember = memberOperation({
  method: "get",
  path: "/member/{id}",
  params: IdParams,
  summary: "Get a member",
  description: `The member with its memberships, properties, consents to terms and list subscriptions. ${scopeNote}`,
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
    "Adds a member to a company in your API key's scope. Only `company_id` is required. An email address already " +
    "used by a member of the same company is refused (400 on `email`; addresses compare without regard to case). " +
    "Each membership names a company (the member's or one below it), a period and optionally a member type, from " +
    "GET /company_period and GET /membertype; `prop_ids` are properties from GET /property. The answer is the new " +
    "member as GET /member/{id} returns it.",
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
  description:
    "Changes only the fields sent: a field left out keeps its value and `null` clears it. `memberships` and " +
    "`prop_ids`, when sent, replace the member's whole set (send the complete list, not just the additions). " +
    scopeNote,
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
    "Erases the member's personal data for good, as the GDPR right to erasure asks: email, names, phone, birthdate " +
    "and address are cleared, and its properties, consents and list subscriptions are deleted, also from the " +
    "service's logs of changes. Memberships and event registrations stay as anonymous history, so statistics per " +
    "period and event stay right. Afterwards no operation finds the member (404), and the same email address may " +
    "sign up again as a new member. There is no undo. " +
    scopeNote,
  responses: { 200: { description: "Erased", schema: ErasedMember } },
  errors: memberErrors,
});

export const searchMembers = memberOperation({
  method: "post",
  path: "/market/members/search",
  body: MemberSearchRequest,
  summary: "Search members",
  description:
    "Finds members by free text (`search_text` in email, names or phone) and filters, for instance everyone aged " +
    "8–16 with an email address who is registered for an event. Filters combine with AND. For `companies`, `events` and " +
    "`properties`, `include` says whether a member must have `ANY` (the default), `ALL` or `NONE` of the ids listed. " +
    "`sort_by` is `created_desc` (the default), `created_asc`, `name_asc`, `name_desc` or `email_asc`. Only members " +
    `of companies in your API key's scope are found, whatever ids the filters name. \`limit\` is at most 100. ${paging}`,
  responses: { 200: { description: "One page of the matching members", schema: MemberPage } },
  errors: bearerInputErrors,
});
