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
} from "../schemas/subscription";
import { OkResponse } from "@/lib/validation/common";
import { CompanyIdParams } from "@/modules/companies/schemas/company";
import { malformedCompanyId, rateLimited, reason, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";

const publicTags = ["Subscription lists (public)"];
const publicGetLimit = rateLimited("120 requests per minute per IP");
const publicPostLimit = rateLimited("20 requests per minute per IP");
const publicGetFields = { method: "get", auth: "none", rateLimit: { name: "public_get" }, tags: publicTags } as const;
const publicGet = operationsSharing(publicGetFields);
const publicPost = operationsSharing({
  method: "post",
  auth: "none",
  rateLimit: { name: "public_post" },
  tags: publicTags,
});
/** A sendout link's GET: it only redirects to the hosted page that asks for confirmation. */
const hostedPageLink = operationsSharing({
  ...publicGetFields,
  responses: { 303: { description: "To the hosted page that asks for confirmation (`Location`)" } },
  errors: { 429: publicGetLimit },
});
const TokenQuery = z.object({ token: z.string().optional() });

export const getPublicSubscriptionList = publicGet({
  path: "/subscription_list/public/{uuid}",
  params: z.object({ uuid: LinkUuid }),
  summary: "Get a list's signup form",
  description:
    "Everything a signup form for the list needs, without authentication: its name and description, which fields " +
    "to ask for, the questions (properties the subscriber may tick), the consent term to accept (its HTML is " +
    "cleaned to a safe set of tags) and the form's design. Use the list's `uuid` from GET /subscription_list/{id}. " +
    "An inactive list, or a list of a deleted company, is not found.",
  responses: { 200: { description: "The list", schema: PublicListInfo } },
  errors: { 404: reason("`list not found`: no active list has this uuid"), 429: publicGetLimit },
});

export const subscribeVisitor = publicPost({
  path: "/subscription_list/public/{uuid}",
  params: z.object({ uuid: LinkUuid }),
  body: SubscribeRequest,
  summary: "Subscribe to a list (signup form)",
  description:
    "What a signup form posts, without authentication. The address is matched to the organization's member with " +
    "that email (any case) or a new member is created; subscribing again after unsubscribing works, and subscribing " +
    "an address that already is subscribed changes nothing. Only `answered_prop_ids` among the list's " +
    "questions are kept, and `terms_accepted: true` records consent to the list's current term. Since anyone can " +
    "post this form, it never changes what is stored about an existing member (a new member gets what was sent).\n\n" +
    "**Confirmation by email (double opt-in).** When the list asks for it, or the address had opted out of all mail " +
    "or is blocked after bounces, the answer is still 201 but the subscription is `PENDING`, and a message with a " +
    "confirmation link (valid 7 days) goes to the address (at most once per 10 minutes). Only when its owner " +
    "confirms does the subscription become `SUBSCRIBED` and what was sent get applied.\n\n" +
    "**The answer says nothing about what existed.** Anyone can post any address, so the answer is the same for " +
    "every address: `member_id` and the subscription's `id` and `member_id` are 0, its `status` is the list's rule " +
    "(`PENDING` when the list asks for confirmation by email, `SUBSCRIBED` otherwise, also when the address must " +
    "confirm because it had opted out or is blocked: the message tells its owner), `subscribed_at` is the time of " +
    "the request and `unsubscribed_at` null. Staff see the real subscription with the authenticated endpoints.\n\n" +
    "Each list has a cap on active subscribers (`subscriber_cap`, 10,000 unless set); when it is full the answer is " +
    "429 `subscription temporarily unavailable`.",
  responses: { 201: { description: "Subscribed, or PENDING confirmation by email", schema: SubscribeResult } },
  errors: {
    400: validation,
    404: reason("`list not found`: no active list has this uuid"),
    429: {
      ...reason(
        "`subscription temporarily unavailable`: the list has as many subscribers as its cap; or `too many requests`: " +
          "more than 20 requests per minute from one IP address (wait the `Retry-After` seconds).",
      ),
      headers: publicPostLimit.headers,
    },
  },
});

export const listPublicSubscriptionLists = publicGet({
  path: "/subscription_list/public/company/{company_id}",
  // A company id like every other route's: malformed text (`%E0%80`, which the edge passes on as its literal text) is
  // 400, not an unknown company.
  params: CompanyIdParams,
  summary: "List a company's public lists",
  description:
    "The active lists of a company, without authentication, for a page that lets visitors choose a newsletter. The " +
    "lists' uuids are left out on purpose, so the signup form of a list cannot be found from here; link to a form " +
    "with the uuid from the admin operations. An unknown company has no lists (`[]`).",
  responses: { 200: { description: "Lists", schema: z.array(PublicListSummary) } },
  errors: { 400: malformedCompanyId, 429: publicGetLimit },
});

export const unsubscribePage = hostedPageLink({
  path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
  params: z.object({ list_uuid: z.string(), member_uuid: z.string() }),
  summary: "Open the unsubscribe page (link in sent messages)",
  description:
    "The unsubscribe link in every sent message. Redirects (303) to the service's page " +
    "`/unsubscribe/{list_uuid}/{member_uuid}`, which says what will happen and asks for a click. Opening the link " +
    "changes nothing, so mail scanners that follow links do not unsubscribe anyone.",
});

export const unsubscribeFromList = publicPost({
  path: "/subscription_list/unsubscribe/{list_uuid}/{member_uuid}",
  params: z.object({ list_uuid: LinkUuid, member_uuid: LinkUuid }),
  summary: "Unsubscribe from a list",
  description:
    "Ends the member's subscription to the list, without authentication; a `PENDING` one too. Also the target of " +
    "mail clients' one-click unsubscribe (RFC 8058: a form body `List-Unsubscribe=One-Click`); any body is ignored. " +
    'Always 200 `{"ok": true}`, whether or not the list, member or subscription exists, so it reveals nothing.',
  responses: { 200: { description: "Done (or nothing to do)", schema: OkResponse } },
  errors: { 429: publicPostLimit },
});

export const globalOptOutPage = hostedPageLink({
  path: "/subscription_list/unsubscribe/all/{member_uuid}",
  params: z.object({ member_uuid: z.string() }),
  query: TokenQuery,
  summary: "Open the opt-out-of-everything page (link in sent messages)",
  description:
    "The link in sent messages for leaving all mail of the organization. Redirects (303) to the service's page " +
    "`/unsubscribe/all/{member_uuid}` with the same `token`, which asks for a click. Opening the link changes nothing.",
});

export const globalOptOut = publicPost({
  path: "/subscription_list/unsubscribe/all/{member_uuid}",
  params: z.object({ member_uuid: z.string() }),
  query: TokenQuery,
  body: GlobalOptOutRequest,
  summary: "Opt out of all mail",
  description:
    "Stops every sendout of the organization to this member, whatever lists they are on, until they subscribe and " +
    "confirm again. Needs the `token` from the link in a sent message, in the body (JSON or a form) or as `?token=`; " +
    "tokens are signed by the service and valid for a year.",
  responses: { 200: { description: "Opted out of all mail", schema: OkResponse } },
  errors: {
    400: {
      ...validation,
      description: "`body: must be valid JSON`, or a `token` that is not text: the body is malformed.",
      example: {
        reason: "body: must be valid JSON",
        code: "validation_error",
        errors: { body: ["must be valid JSON"] },
        form_errors: [],
      },
    },
    403: reason("`invalid or expired link`: the token is missing, altered, for another member, or too old"),
    429: publicPostLimit,
  },
});
