// /v3 subscription lists without authentication: the hosted form's list and subscribe, and the sendout links'
// unsubscribe and opt-out (rate-limited per IP).
import { z } from "zod";
import {
  GlobalOptOutRequest,
  LinkUuid,
  PublicListInfo,
  PublicListSummary,
  SubscribeRequest,
  SubscribeResult,
} from "../validation/subscription";
import { OkResponse } from "../validation/common";
import { CompanyIdParams } from "../validation/company";
import { malformedCompanyId, rateLimited, reason, validation } from "./errors";
import { operationsSharing } from "./operation";

const publicTags = ["Subscription lists (public)"];
const publicGetLimit = rateLimited("120 requests per minute per IP");
const publicPostLimit = rateLimited("20 requests per minute per IP");
const publicGetFields = { method: "get", auth: "none", rateLimit: { name: "public_get" }, tags: publicTags } as const;
const publicGet = operationsSharing(publicGetFields);
const publicPost = operationsSharing({ method: "post", auth: "none", rateLimit: { name: "public_post" }, tags: publicTags });
/** A sendout link's GET: it only redirects to the hosted page that asks for confirmation. */
const hostedPageLink = operationsSharing({
  ...publicGetFields,
  responses: { 303: { description: "To the hosted confirmation page" } },
  errors: { 429: publicGetLimit },
});
const TokenQuery = z.object({ token: z.string().optional() });

export const getPublicSubscriptionList = publicGet({
  path: "/subscription_list/public/{uuid}",
  params: z.object({ uuid: LinkUuid }),
  summary: "Public information of an active list",
  description:
    "No authentication. The consent term's HTML is sanitized (allowlist). Inactive lists and lists of deleted " +
    "companies are not found.",
  responses: { 200: { description: "The list", schema: PublicListInfo } },
  errors: { 404: reason("`list not found`"), 429: publicGetLimit },
});

export const subscribeVisitor = publicPost({
  path: "/subscription_list/public/{uuid}",
  params: z.object({ uuid: LinkUuid }),
  body: SubscribeRequest,
  summary: "Subscribe a visitor",
  description:
    "Reuses the organization's member with that email (case-insensitive) or creates one; re-subscribing after an " +
    "unsubscribe works. Only `answered_prop_ids` of the list's questions are stored; `terms_accepted: true` records " +
    "consent to the list's current term. An anonymous subscribe never changes what is stored about an existing " +
    "member: its names, phone and answers stay as they are (a new member is created with what was sent). " +
    "Subscribing an already subscribed member returns the existing subscription. " +
    "Double opt-in: when the list has `double_opt_in`, or the member opted out of everything, or the address is " +
    "suppressed, the answer is still 201 but the subscription is `PENDING` and a confirmation message goes to the " +
    "address (again at most once per 10 minutes per subscription). What was sent is applied, the term's consent " +
    "recorded and a global opt-out lifted only when the address owner confirms through the message's signed link " +
    "(valid 7 days; an unconfirmed PENDING subscription expires with it). A PENDING subscription holds no place " +
    "under the cap: the cap is checked when it is confirmed. " +
    "Every list has an active-subscriber cap (`subscriber_cap`, default SUBSCRIBER_CAP_DEFAULT = 10000).",
  responses: { 201: { description: "Subscribed, or PENDING confirmation by email", schema: SubscribeResult } },
  errors: {
    400: validation,
    404: reason("`list not found`"),
    429: reason("`subscription temporarily unavailable` (cap reached), or the per-IP limit (20/min, with Retry-After)"),
  },
});

export const listPublicSubscriptionLists = publicGet({
  path: "/subscription_list/public/company/{company_id}",
  // A company id like every other route's: malformed text (`%E0%80`, which the edge passes on as its literal text) is
  // 400, not an unknown company.
  params: CompanyIdParams,
  summary: "An organization's active lists",
  description: "No uuids, by design. An unknown company has no lists (empty array).",
  responses: { 200: { description: "Lists", schema: z.array(PublicListSummary) } },
  errors: { 400: malformedCompanyId, 429: publicGetLimit },
});

export const unsubscribePage = hostedPageLink({
  path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
  params: z.object({ list_uuid: z.string(), member_uuid: z.string() }),
  summary: "The hosted unsubscribe confirmation page (the link in sendouts)",
  description:
    "Redirects (303) to the hosted page `/unsubscribe/{list_uuid}/{member_uuid}`, which shows what will happen and " +
    "a button. Never changes state.",
});

export const unsubscribeFromList = publicPost({
  path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
  params: z.object({ list_uuid: LinkUuid, member_uuid: LinkUuid }),
  summary: "Unsubscribe from one list (also the RFC 8058 one-click target)",
  description:
    "Always 200 `{ok: true}`, whether or not the list, member or subscription exists. The body is ignored, so " +
    "mail clients' RFC 8058 one-click POST (`application/x-www-form-urlencoded` body `List-Unsubscribe=One-Click`) " +
    "works. A PENDING subscription is ended too.",
  responses: { 200: { description: "Done (or nothing to do)", schema: OkResponse } },
  errors: { 429: publicPostLimit },
});

export const globalOptOutPage = hostedPageLink({
  path: "/subscription_list/unsubscribe/all/{member_uuid}",
  params: z.object({ member_uuid: z.string() }),
  query: TokenQuery,
  summary: "The hosted global opt-out page (the link in sendouts)",
  description:
    "Redirects (303) to `/unsubscribe/all/{member_uuid}` with the same `token`; the page confirms with a button. " +
    "Never changes state.",
});

export const globalOptOut = publicPost({
  path: "/subscription_list/unsubscribe/all/{member_uuid}",
  params: z.object({ member_uuid: z.string() }),
  query: TokenQuery,
  body: GlobalOptOutRequest,
  summary: "Opt out of all sendouts",
  description:
    "Needs the signed `token` of the service's own sendout link, in the body (JSON or form) or as `?token=`. " +
    "The token is an HMAC over purpose, member and expiry (OPT_OUT_LINK_TTL_DAYS, default 365).",
  responses: { 200: { description: "Opted out of everything", schema: OkResponse } },
  errors: { 403: reason("`invalid or expired link`"), 429: publicPostLimit },
});
