// /v3 subscription lists: the public endpoints of the hosted form and sendout links, and the lists' administration.
import { z } from "zod";
import {
  AdminList,
  CreateListRequest,
  GlobalOptOutRequest,
  IntIdParam,
  LinkUuid,
  ListMemberParams,
  ListQuery,
  MemberListEntry,
  OkResponse,
  PublicListInfo,
  PublicListSummary,
  SubscribeRequest,
  SubscribeResult,
  SubscribersPage,
  SubscribersQuery,
  SubscriptionView,
  UpdateListRequest,
} from "../validation/subscription";
import { forbidden, rateLimited, reason, unauthorized, validation } from "./errors";
import { operation } from "./operation";
import { IdParams } from "./params";

const publicTags = ["Subscription lists (public)"];
const adminTags = ["Subscription lists (admin)"];
const outOfScope = (what: string) =>
  reason(`\`${what}\`: no such id, or it belongs to a company outside your scope (answered alike, so ids cannot be probed)`);
const listErrors = { 400: validation, 401: unauthorized, 403: forbidden, 404: outOfScope("list not found") };
const listOrMemberNotFound = reason(
  "`list not found` (no such list, or one of a company outside your scope) or `member not found` (no such member " +
    "in the list's organization)",
);
const MemberSubscriptionResult = z
  .object({ member_id: z.number().int(), subscription: SubscriptionView.nullable() })
  .meta({ id: "MemberSubscriptionResult" });
const publicGetLimit = rateLimited("120 requests per minute per IP");
const publicPostLimit = rateLimited("20 requests per minute per IP");
const hostedPageRedirect = { 303: { description: "To the hosted confirmation page" } };
const TokenQuery = z.object({ token: z.string().optional() });

export const getPublicSubscriptionList = operation({
  method: "get",
  path: "/subscription_list/public/{uuid}",
  auth: "none",
  rateLimit: { name: "public_get" },
  params: z.object({ uuid: LinkUuid }),
  summary: "Public information of an active list",
  description:
    "No authentication. The consent term's HTML is sanitized (allowlist). Inactive lists and lists of deleted " +
    "companies are not found.",
  tags: publicTags,
  responses: { 200: { description: "The list", schema: PublicListInfo } },
  errors: { 404: reason("`list not found`"), 429: publicGetLimit },
});

export const subscribeVisitor = operation({
  method: "post",
  path: "/subscription_list/public/{uuid}",
  auth: "none",
  rateLimit: { name: "public_post" },
  params: z.object({ uuid: LinkUuid }),
  body: SubscribeRequest,
  summary: "Subscribe a visitor",
  description:
    "Reuses the organization's member with that email (case-insensitive) or creates one; re-subscribing after an " +
    "unsubscribe works. Only `answered_prop_ids` of the list's questions are stored; `terms_accepted: true` records " +
    "consent to the list's current term. Names and phone only fill fields the member does not have. An explicit " +
    "subscribe lifts a global opt-out. Subscribing an already subscribed member returns the existing subscription. " +
    "Every list has an active-subscriber cap (`subscriber_cap`, default SUBSCRIBER_CAP_DEFAULT = 10000).",
  tags: publicTags,
  responses: { 201: { description: "Subscribed", schema: SubscribeResult } },
  errors: {
    400: validation,
    404: reason("`list not found`"),
    429: reason("`subscription temporarily unavailable` (cap reached), or the per-IP limit (20/min, with Retry-After)"),
  },
});

export const listPublicSubscriptionLists = operation({
  method: "get",
  path: "/subscription_list/public/company/{company_id}",
  auth: "none",
  rateLimit: { name: "public_get" },
  params: z.object({ company_id: z.string() }),
  summary: "An organization's active lists",
  description: "No uuids, by design. An unknown company has no lists (empty array).",
  tags: publicTags,
  responses: { 200: { description: "Lists", schema: z.array(PublicListSummary) } },
  errors: { 429: publicGetLimit },
});

export const unsubscribePage = operation({
  method: "get",
  path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
  auth: "none",
  rateLimit: { name: "public_get" },
  params: z.object({ list_uuid: z.string(), member_uuid: z.string() }),
  summary: "The hosted unsubscribe confirmation page (the link in sendouts)",
  description:
    "Redirects (303) to the hosted page `/unsubscribe/{list_uuid}/{member_uuid}`, which shows what will happen and " +
    "a button. Never changes state.",
  tags: publicTags,
  responses: hostedPageRedirect,
  errors: { 429: publicGetLimit },
});

export const unsubscribeFromList = operation({
  method: "post",
  path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
  auth: "none",
  rateLimit: { name: "public_post" },
  params: z.object({ list_uuid: LinkUuid, member_uuid: LinkUuid }),
  summary: "Unsubscribe from one list (also the RFC 8058 one-click target)",
  description:
    "Always 200 `{ok: true}`, whether or not the list, member or subscription exists. The body is ignored " +
    "(`List-Unsubscribe=One-Click` is accepted).",
  tags: publicTags,
  responses: { 200: { description: "Done (or nothing to do)", schema: OkResponse } },
  errors: { 429: publicPostLimit },
});

export const globalOptOutPage = operation({
  method: "get",
  path: "/subscription_list/unsubscribe/all/{member_uuid}",
  auth: "none",
  rateLimit: { name: "public_get" },
  params: z.object({ member_uuid: z.string() }),
  query: TokenQuery,
  summary: "The hosted global opt-out page (the link in sendouts)",
  description:
    "Redirects (303) to `/unsubscribe/all/{member_uuid}` with the same `token`; the page confirms with a button. " +
    "Never changes state.",
  tags: publicTags,
  responses: hostedPageRedirect,
  errors: { 429: publicGetLimit },
});

export const globalOptOut = operation({
  method: "post",
  path: "/subscription_list/unsubscribe/all/{member_uuid}",
  auth: "none",
  rateLimit: { name: "public_post" },
  params: z.object({ member_uuid: z.string() }),
  query: TokenQuery,
  body: GlobalOptOutRequest,
  summary: "Opt out of all sendouts",
  description:
    "Needs the signed `token` of the service's own sendout link, in the body (JSON or form) or as `?token=`. " +
    "The token is an HMAC over purpose, member and expiry (OPT_OUT_LINK_TTL_DAYS, default 365).",
  tags: publicTags,
  responses: { 200: { description: "Opted out of everything", schema: OkResponse } },
  errors: { 403: reason("`invalid or expired link`"), 429: publicPostLimit },
});

export const listSubscriptionLists = operation({
  method: "get",
  path: "/subscription_list",
  auth: "bearer",
  module: "subscription_list",
  query: ListQuery,
  summary: "An organization's lists",
  tags: adminTags,
  responses: { 200: { description: "Lists", schema: z.array(AdminList) } },
  errors: { 400: validation, 401: unauthorized, 403: forbidden, 404: reason("`company not found`") },
});

export const createSubscriptionList = operation({
  method: "post",
  path: "/subscription_list",
  auth: "bearer",
  module: "subscription_list",
  permission: "SUBSCRIPTION_LIST.U",
  body: CreateListRequest,
  summary: "Create a list",
  tags: adminTags,
  responses: { 201: { description: "Created", schema: AdminList } },
  errors: { 400: validation, 401: unauthorized, 403: forbidden, 404: reason("`company not found`") },
});

export const getSubscriptionList = operation({
  method: "get",
  path: "/subscription_list/{id}",
  auth: "bearer",
  module: "subscription_list",
  params: IdParams,
  summary: "One list, with its uuid",
  tags: adminTags,
  responses: { 200: { description: "The list", schema: AdminList } },
  errors: listErrors,
});

export const updateSubscriptionList = operation({
  method: "put",
  path: "/subscription_list/{id}",
  auth: "bearer",
  module: "subscription_list",
  permission: "SUBSCRIPTION_LIST.U",
  params: IdParams,
  body: UpdateListRequest,
  summary: "Update a list",
  description:
    "Only the fields sent change. `question_prop_ids` replaces the question set (properties of the list's organization).",
  tags: adminTags,
  responses: { 200: { description: "The updated list", schema: AdminList } },
  errors: listErrors,
});

export const deleteSubscriptionList = operation({
  method: "delete",
  path: "/subscription_list/{id}",
  auth: "bearer",
  module: "subscription_list",
  permission: "SUBSCRIPTION_LIST.U",
  params: IdParams,
  summary: "Delete a list and its subscriptions",
  description: "Members and their consents stay; a consent's source list becomes null.",
  tags: adminTags,
  responses: { 200: { description: "Deleted", schema: z.object({ id: z.number().int(), deleted: z.literal(true) }) } },
  errors: listErrors,
});

export const listSubscribers = operation({
  method: "get",
  path: "/subscription_list/{id}/subscribers",
  auth: "bearer",
  module: "subscription_list",
  params: IdParams,
  query: SubscribersQuery,
  summary: "Subscribers of a list, newest first",
  tags: adminTags,
  responses: { 200: { description: "A page of subscribers", schema: SubscribersPage } },
  errors: listErrors,
});

export const listsOfMember = operation({
  method: "get",
  path: "/subscription_list/member/{member_id}",
  auth: "bearer",
  module: "subscription_list",
  params: z.object({ member_id: IntIdParam }),
  summary: "The lists of a member's organization, each with is_subscribed",
  tags: adminTags,
  responses: { 200: { description: "Lists", schema: z.array(MemberListEntry) } },
  errors: { 400: validation, 401: unauthorized, 403: forbidden, 404: outOfScope("member not found") },
});

/** An admin subscribes or unsubscribes a member of the list's organization. */
function memberSubscription<const Action extends "subscribe" | "unsubscribe">(action: Action, summary: string, answer: string, description?: string) {
  return operation({
    method: "post",
    path: `/subscription_list/{id}/${action}/{member_id}`,
    auth: "bearer",
    module: "subscription_list",
    permission: "SUBSCRIPTION_LIST.U",
    params: ListMemberParams,
    summary,
    description,
    tags: adminTags,
    responses: { 200: { description: answer, schema: MemberSubscriptionResult } },
    errors: { ...listErrors, 404: listOrMemberNotFound },
  });
}

export const subscribeMember = memberSubscription(
  "subscribe",
  "Subscribe a member of the list's organization",
  "Subscribed",
  "Admin subscriptions are not limited by the subscriber cap (it guards the public form).",
);
export const unsubscribeMember = memberSubscription(
  "unsubscribe",
  "Unsubscribe a member",
  "Unsubscribed (subscription null when there never was one)",
);
