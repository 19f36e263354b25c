// /v3 subscription lists: their administration with an API key (the public endpoints: ./public-lists.ts).
import { z } from "zod";
import {
  AdminList,
  CreateListRequest,
  DeletedList,
  ListMemberParams,
  MemberSubscriptionResult,
  ListQuery,
  MemberListEntry,
  SubscribersPage,
  SubscribersQuery,
  UpdateListRequest,
} from "../schemas/subscription";
import { IntIdParam } from "@/lib/validation/common";
import { bearerInputErrors, reason } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const listOperation = operationsSharing({
  auth: "bearer",
  module: "subscription_list",
  tags: ["Subscription lists (admin)"],
});
const outOfScope = (what: string) =>
  reason(`\`${what}\`: no such id, or it belongs to a company outside your scope (both answer alike)`);
const listErrors = { ...bearerInputErrors, 404: outOfScope("list not found") };
const listOrMemberNotFound = reason(
  "`list not found` (no such list, or a list of a company outside your scope) or `member not found` (no such member " +
    "in the list's organization)",
);
const companyNotFound = reason("`company not found`: no company has the `company_id` given");

export const listSubscriptionLists = listOperation({
  method: "get",
  path: "/subscription_list",
  query: ListQuery,
  summary: "List a company's subscription lists",
  description:
    "Every list of the company named by `company_id` (in your API key's scope), active or not, with its settings, " +
    "its `uuid` for the signup form and its number of active subscribers.",
  responses: { 200: { description: "The lists", schema: z.array(AdminList) } },
  errors: { ...bearerInputErrors, 404: companyNotFound },
});

export const createSubscriptionList = listOperation({
  method: "post",
  path: "/subscription_list",
  permission: "SUBSCRIPTION_LIST.U",
  body: CreateListRequest,
  summary: "Create a subscription list",
  description:
    "Creates an active list of a company in your API key's scope. `fields` are what its signup form asks for besides " +
    "the email address. Set `double_opt_in: true` to have new subscribers confirm by email (recommended; off when " +
    "left out). Further settings (consent term, questions, design, cap) are made with PUT /subscription_list/{id}.",
  responses: { 201: { description: "Created", schema: AdminList } },
  errors: { ...bearerInputErrors, 404: companyNotFound },
});

export const getSubscriptionList = listOperation({
  method: "get",
  path: "/subscription_list/{id}",
  params: IdParams,
  summary: "Get a subscription list",
  description:
    "The list with all its settings, its number of active subscribers and `public_url`, the address of its hosted " +
    "signup page. Its `uuid` is what the public operations and a signup form of your own use.",
  responses: { 200: { description: "The list", schema: AdminList } },
  errors: listErrors,
});

export const updateSubscriptionList = listOperation({
  method: "put",
  path: "/subscription_list/{id}",
  permission: "SUBSCRIPTION_LIST.U",
  params: IdParams,
  body: UpdateListRequest,
  summary: "Update a subscription list",
  description:
    "Changes only the fields sent. `question_prop_ids` replaces the list's questions (properties from GET /property " +
    "that subscribers may tick). `term` replaces the consent text subscribers accept; its HTML is cleaned to a safe " +
    "set of tags. `welcome_subject` and `welcome_html` make the message sent when a subscription becomes active (a " +
    "null subject sends none). `subscriber_cap` limits active subscribers (null: the service's default).",
  responses: { 200: { description: "The updated list", schema: AdminList } },
  errors: listErrors,
});

export const deleteSubscriptionList = listOperation({
  method: "delete",
  path: "/subscription_list/{id}",
  permission: "SUBSCRIPTION_LIST.U",
  params: IdParams,
  summary: "Delete a subscription list",
  description:
    "Deletes the list and all its subscriptions. The members stay, and so do the consents they gave through it (no " +
    "longer linked to a list). There is no undo; to stop signups but keep the list, set `is_active: false`.",
  responses: { 200: { description: "Deleted", schema: DeletedList, example: { id: 41, deleted: true } } },
  errors: listErrors,
});

export const listSubscribers = listOperation({
  method: "get",
  path: "/subscription_list/{id}/subscribers",
  params: IdParams,
  query: SubscribersQuery,
  summary: "List a list's subscribers, a page at a time",
  description:
    "Everyone who subscribed to the list, newest first, with their status (`PENDING` until confirmed, " +
    "`SUBSCRIBED`, or `UNSUBSCRIBED`) and whether they left by themselves. `page` counts from 1 and `limit` is " +
    "1–500 (50 when left out); `count` is the number of all subscribers, so the last page is `ceil(count / limit)`.",
  responses: { 200: { description: "A page of subscribers", schema: SubscribersPage } },
  errors: listErrors,
});

export const listsOfMember = listOperation({
  method: "get",
  path: "/subscription_list/member/{member_id}",
  params: z.object({ member_id: IntIdParam }),
  summary: "List the lists a member can subscribe to",
  description:
    "Every list of the member's organization, each with `is_subscribed` saying whether the member currently is. " +
    "Use it to show a member's newsletter choices.",
  responses: { 200: { description: "The lists", schema: z.array(MemberListEntry) } },
  errors: { ...bearerInputErrors, 404: outOfScope("member not found") },
});

/** An admin subscribes or unsubscribes a member of the list's organization. */
function memberSubscription<const Action extends "subscribe" | "unsubscribe">(
  action: Action,
  summary: string,
  answer: string,
  description?: string,
) {
  return listOperation({
    method: "post",
    path: `/subscription_list/{id}/${action}/{member_id}`,
    permission: "SUBSCRIPTION_LIST.U",
    params: ListMemberParams,
    summary,
    description,
    responses: { 200: { description: answer, schema: MemberSubscriptionResult } },
    errors: { ...listErrors, 404: listOrMemberNotFound },
  });
}

export const subscribeMember = memberSubscription(
  "subscribe",
  "Subscribe a member to a list",
  "Subscribed",
  "Subscribes a member of the list's organization at once, without a confirmation message, for instance someone " +
    "who signed up on paper. The subscriber cap does not apply (it guards the public form). Subscribing someone " +
    "who already is changes nothing.",
);
export const unsubscribeMember = memberSubscription(
  "unsubscribe",
  "Unsubscribe a member from a list",
  "Unsubscribed (`subscription` is null when there never was one)",
  "Ends the member's subscription to the list, for instance when they asked by phone. A member who is not " +
    "subscribed is no error.",
);
