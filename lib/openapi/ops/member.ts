import { ErrorBody, IntId } from "../../validation/common";
import {
  CreateMemberRequest,
  ErasedMember,
  MemberPage,
  MemberPaginationRequest,
  MemberSearchRequest,
  MemberView,
  UpdateMemberRequest,
} from "../../validation/member";
import type { Operation } from "../operations";
import { responses } from "./shared";

const tags = ["Members"];
const memberNotFound = {
  description: "`member not found`: no such member, it was erased, or it belongs to a company outside your scope",
  schema: ErrorBody,
};
const scopeNote =
  "A member belongs to one company (`company_id`); you see it when that company is in your access scope. " +
  "Another company's member answers exactly as a missing one (404 `member not found`), so ids cannot be probed.";

export const memberOperations: Operation[] = [
  {
    method: "post",
    path: "/member/pagination",
    operationId: "listMembers",
    summary: "A page of members",
    description:
      "Members of the companies in your scope (`member` module). `options.period_id` and `options.statuses` keep " +
      "members with a membership in that period and of one of those statuses (both on one membership). Rows carry " +
      "the memberships; `count` is the number of all matching members. Answers with a fixed number of SQL statements " +
      "whatever the page.",
    tags,
    security: "bearer",
    body: MemberPaginationRequest,
    responses: { 200: { description: "One page", schema: MemberPage }, 400: responses.validation, 401: responses.unauthorized, 403: responses.forbidden },
  },
  {
    method: "get",
    path: "/member/{id}",
    operationId: "getMember",
    summary: "One member",
    description: `With memberships, properties, consents and list subscriptions. ${scopeNote}`,
    tags,
    security: "bearer",
    params: { id: IntId },
    responses: {
      200: { description: "The member", schema: MemberView },
      400: responses.validation,
      401: responses.unauthorized,
      403: responses.forbidden,
      404: memberNotFound,
    },
  },
  {
    method: "post",
    path: "/member",
    operationId: "createMember",
    summary: "Create a member",
    description:
      "Needs `MEMBER.U` and the company in your scope. An email already used by a member of the company is 400 on " +
      "`email` (emails compare lower-cased, as the public subscribe does). Memberships name a company (the member's " +
      "or one below it), a period and optionally a member type of that company or a company above it (see " +
      "GET /company_period and GET /membertype); `prop_ids` are properties of GET /property.",
    tags,
    security: "bearer",
    body: CreateMemberRequest,
    responses: { 201: { description: "Created", schema: MemberView }, 400: responses.validation, 401: responses.unauthorized, 403: responses.forbidden },
  },
  {
    method: "put",
    path: "/member/{id}",
    operationId: "updateMember",
    summary: "Update a member",
    description: `Needs \`MEMBER.U\`. Fields left out stay; null clears one; \`memberships\` and \`prop_ids\` replace their sets when given. ${scopeNote}`,
    tags,
    security: "bearer",
    params: { id: IntId },
    body: UpdateMemberRequest,
    responses: {
      200: { description: "The updated member", schema: MemberView },
      400: responses.validation,
      401: responses.unauthorized,
      403: responses.forbidden,
      404: memberNotFound,
    },
  },
  {
    method: "delete",
    path: "/member/{id}",
    operationId: "eraseMember",
    summary: "Erase a member (GDPR)",
    description:
      "Needs `MEMBER.U`. An erasure, not a soft delete: email, names, phone, birthdate and address are cleared, the " +
      "member's properties, consents and list subscriptions are deleted (freeing their list slots) and its email is " +
      "scrubbed from the audit log. Memberships and event participations stay as anonymous history, so member counts " +
      "per period and event remain right. The member is then not found by any operation; the same email may sign " +
      `up again as a new member. ${scopeNote}`,
    tags,
    security: "bearer",
    params: { id: IntId },
    responses: {
      200: { description: "Erased", schema: ErasedMember },
      400: responses.validation,
      401: responses.unauthorized,
      403: responses.forbidden,
      404: memberNotFound,
    },
  },
  {
    method: "post",
    path: "/market/members/search",
    operationId: "searchMembers",
    summary: "Search members with filters",
    description:
      "Only members of companies in your scope are found, whatever ids the filters name. Filters combine with AND. " +
      "`include` of `companies`, `events` and `properties`: `ANY` (the default), `ALL` or `NONE`; any other value is " +
      "400. `sort_by`: `created_desc` (default), `created_asc`, `name_asc`, `name_desc`, `email_asc`; others are 400. " +
      "`limit` at most 100. A fixed number of SQL statements whatever the page; filters are SQL EXISTS conditions.",
    tags,
    security: "bearer",
    body: MemberSearchRequest,
    responses: {
      200: { description: "`members`, `count` (all matches), `page`, `limit`", schema: MemberPage },
      400: responses.validation,
      401: responses.unauthorized,
      403: responses.forbidden,
    },
  },
];
