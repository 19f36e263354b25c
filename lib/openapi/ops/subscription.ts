import { z } from "zod";
import { CompanyId, ErrorBody, IntId, OkResponse } from "../../validation/common";
import {
  AdminList,
  CreateListRequest,
  DeletedList,
  GlobalOptOutRequest,
  MemberListEntry,
  MemberSubscriptionResult,
  PublicListInfo,
  PublicListSummary,
  SubscribeRequest,
  SubscribeResult,
  SubscribersPage,
  SubscribersQuery,
  UpdateListRequest,
} from "../../validation/subscription";
import type { Operation } from "../operations";
import { responses } from "./shared";

const publicTags = ["Subscription lists (public)"];
const adminTags = ["Subscription lists (admin)"];
const notFound = (reason: string) => ({ description: `\`${reason}\``, schema: ErrorBody });
const outOfScope = (reason: string) => ({
  description: `\`${reason}\`: no such id, or it belongs to a company outside your scope (answered alike, so ids cannot be probed)`,
  schema: ErrorBody,
});
const adminErrors = {
  401: responses.unauthorized,
  403: responses.forbidden,
  404: outOfScope("list not found"),
};
const listOrMemberNotFound = {
  description:
    "`list not found` (no such list, or one of a company outside your scope) or `member not found` (no such member " +
    "in the list's organization)",
  schema: ErrorBody,
};
export const subscriptionOperations: Operation[] = [
  {
    method: "get",
    path: "/subscription_list/public/{uuid}",
    operationId: "getPublicSubscriptionList",
    summary: "Public information of an active list",
    description: "No authentication. The consent term's HTML is sanitized (allowlist). Inactive lists and lists of deleted companies are not found.",
    tags: publicTags,
    security: "none",
    responses: { 200: { description: "The list", schema: PublicListInfo }, 404: notFound("list not found"), 429: responses.rateLimited("120 requests per minute per IP") },
  },
  {
    method: "post",
    path: "/subscription_list/public/{uuid}",
    operationId: "subscribeVisitor",
    summary: "Subscribe a visitor",
    description:
      "Reuses the organization's member with that email (case-insensitive) or creates one; re-subscribing after an " +
      "unsubscribe works. Only `answered_prop_ids` of the list's questions are stored; `terms_accepted: true` records " +
      "consent to the list's current term. Names and phone only fill fields the member does not have. An explicit " +
      "subscribe lifts a global opt-out. Subscribing an already subscribed member returns the existing subscription. " +
      "Every list has an active-subscriber cap (`subscriber_cap`, default SUBSCRIBER_CAP_DEFAULT = 10000).",
    tags: publicTags,
    security: "none",
    body: SubscribeRequest,
    responses: {
      201: { description: "Subscribed", schema: SubscribeResult },
      400: responses.validation,
      404: notFound("list not found"),
      429: { description: "`subscription temporarily unavailable` (cap reached), or the per-IP limit (20/min, with Retry-After)", schema: ErrorBody },
    },
  },
  {
    method: "get",
    path: "/subscription_list/public/company/{company_id}",
    operationId: "listPublicSubscriptionLists",
    summary: "An organization's active lists",
    description: "No uuids, by design. An unknown company has no lists (empty array).",
    tags: publicTags,
    security: "none",
    responses: { 200: { description: "Lists", schema: z.array(PublicListSummary) }, 429: responses.rateLimited("120 requests per minute per IP") },
  },
  {
    method: "get",
    path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
    operationId: "unsubscribePage",
    summary: "The hosted unsubscribe confirmation page (the link in sendouts)",
    description: "Redirects (303) to the hosted page `/unsubscribe/{list_uuid}/{member_uuid}`, which shows what will happen and a button. Never changes state.",
    tags: publicTags,
    security: "none",
    responses: { 303: { description: "To the hosted confirmation page" } },
  },
  {
    method: "post",
    path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
    operationId: "unsubscribeFromList",
    summary: "Unsubscribe from one list (also the RFC 8058 one-click target)",
    description: "Always 200 `{ok: true}`, whether or not the list, member or subscription exists. The body is ignored (`List-Unsubscribe=One-Click` is accepted).",
    tags: publicTags,
    security: "none",
    responses: { 200: { description: "Done (or nothing to do)", schema: OkResponse }, 429: responses.rateLimited("20 requests per minute per IP") },
  },
  {
    method: "get",
    path: "/subscription_list/unsubscribe/all/{member_uuid}",
    operationId: "globalOptOutPage",
    summary: "The hosted global opt-out page (the link in sendouts)",
    description: "Redirects (303) to `/unsubscribe/all/{member_uuid}` with the same `token`; the page confirms with a button. Never changes state.",
    tags: publicTags,
    security: "none",
    query: { token: z.string().optional() },
    responses: { 303: { description: "To the hosted confirmation page" } },
  },
  {
    method: "post",
    path: "/subscription_list/unsubscribe/all/{member_uuid}",
    operationId: "globalOptOut",
    summary: "Opt out of all sendouts",
    description:
      "Needs the signed `token` of the service's own sendout link, in the body (JSON or form) or as `?token=`. " +
      "The token is an HMAC over purpose, member and expiry (OPT_OUT_LINK_TTL_DAYS, default 365).",
    tags: publicTags,
    security: "none",
    query: { token: z.string().optional() },
    body: GlobalOptOutRequest,
    responses: {
      200: { description: "Opted out of everything", schema: OkResponse },
      403: { description: "`invalid or expired link`", schema: ErrorBody },
      429: responses.rateLimited("20 requests per minute per IP"),
    },
  },
  {
    method: "get",
    path: "/subscription_list",
    operationId: "listSubscriptionLists",
    summary: "An organization's lists",
    tags: adminTags,
    security: "bearer",
    query: { company_id: CompanyId },
    responses: { 200: { description: "Lists", schema: z.array(AdminList) }, 400: responses.validation, 401: responses.unauthorized, 403: responses.forbidden, 404: notFound("company not found") },
  },
  {
    method: "post",
    path: "/subscription_list",
    operationId: "createSubscriptionList",
    summary: "Create a list",
    description: "Needs the `subscription_list` module and the `SUBSCRIPTION_LIST.U` permission (a key without it can read lists and subscribers but not change them; 403). ",
    tags: adminTags,
    security: "bearer",
    body: CreateListRequest,
    responses: { 201: { description: "Created", schema: AdminList }, 400: responses.validation, 401: responses.unauthorized, 403: responses.forbidden, 404: notFound("company not found") },
  },
  {
    method: "get",
    path: "/subscription_list/{id}",
    operationId: "getSubscriptionList",
    summary: "One list, with its uuid",
    tags: adminTags,
    security: "bearer",
    params: { id: IntId },
    responses: { 200: { description: "The list", schema: AdminList }, 400: responses.validation, ...adminErrors },
  },
  {
    method: "put",
    path: "/subscription_list/{id}",
    operationId: "updateSubscriptionList",
    summary: "Update a list",
    description: "Needs the `subscription_list` module and the `SUBSCRIPTION_LIST.U` permission (a key without it can read lists and subscribers but not change them; 403). Only the fields sent change. `question_prop_ids` replaces the question set (properties of the list's organization).",
    tags: adminTags,
    security: "bearer",
    params: { id: IntId },
    body: UpdateListRequest,
    responses: { 200: { description: "The updated list", schema: AdminList }, 400: responses.validation, ...adminErrors },
  },
  {
    method: "delete",
    path: "/subscription_list/{id}",
    operationId: "deleteSubscriptionList",
    summary: "Delete a list and its subscriptions",
    description: "Needs the `subscription_list` module and the `SUBSCRIPTION_LIST.U` permission (a key without it can read lists and subscribers but not change them; 403). Members and their consents stay; a consent's source list becomes null.",
    tags: adminTags,
    security: "bearer",
    params: { id: IntId },
    responses: {
      200: { description: "Deleted", schema: DeletedList },
      400: responses.validation,
      ...adminErrors,
    },
  },
  {
    method: "get",
    path: "/subscription_list/{id}/subscribers",
    operationId: "listSubscribers",
    summary: "Subscribers of a list, newest first",
    tags: adminTags,
    security: "bearer",
    params: { id: IntId },
    query: SubscribersQuery.shape,
    responses: { 200: { description: "A page of subscribers", schema: SubscribersPage }, 400: responses.validation, ...adminErrors },
  },
  {
    method: "get",
    path: "/subscription_list/member/{member_id}",
    operationId: "listsOfMember",
    summary: "The lists of a member's organization, each with is_subscribed",
    tags: adminTags,
    security: "bearer",
    params: { member_id: IntId },
    responses: {
      200: { description: "Lists", schema: z.array(MemberListEntry) },
      400: responses.validation,
      401: responses.unauthorized,
      403: responses.forbidden,
      404: outOfScope("member not found"),
    },
  },
  {
    method: "post",
    path: "/subscription_list/{id}/subscribe/{member_id}",
    operationId: "subscribeMember",
    summary: "Subscribe a member of the list's organization",
    description: "Needs the `subscription_list` module and the `SUBSCRIPTION_LIST.U` permission (a key without it can read lists and subscribers but not change them; 403). Admin subscriptions are not limited by the subscriber cap (it guards the public form).",
    tags: adminTags,
    security: "bearer",
    params: { id: IntId, member_id: IntId },
    responses: { 200: { description: "Subscribed", schema: MemberSubscriptionResult }, 400: responses.validation, ...adminErrors, 404: listOrMemberNotFound },
  },
  {
    method: "post",
    path: "/subscription_list/{id}/unsubscribe/{member_id}",
    operationId: "unsubscribeMember",
    summary: "Unsubscribe a member",
    description: "Needs the `subscription_list` module and the `SUBSCRIPTION_LIST.U` permission (a key without it can read lists and subscribers but not change them; 403).",
    tags: adminTags,
    security: "bearer",
    params: { id: IntId, member_id: IntId },
    responses: { 200: { description: "Unsubscribed (subscription null when there never was one)", schema: MemberSubscriptionResult }, 400: responses.validation, ...adminErrors, 404: listOrMemberNotFound },
  },
];
