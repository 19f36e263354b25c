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
} from "../validation/subscription";
import { IntIdParam } from "../validation/common";
import { bearerInputErrors, reason } from "./errors";
import { operationsSharing } from "./operation";
import { IdParams } from "./params";

const listOperation = operationsSharing({ auth: "bearer", module: "subscription_list", tags: ["Subscription lists (admin)"] });
const outOfScope = (what: string) =>
  reason(`\`${what}\`: no such id, or it belongs to a company outside your scope (answered alike, so ids cannot be probed)`);
const listErrors = { ...bearerInputErrors, 404: outOfScope("list not found") };
const listOrMemberNotFound = reason(
  "`list not found` (no such list, or one of a company outside your scope) or `member not found` (no such member " +
    "in the list's organization)",
);

export const listSubscriptionLists = listOperation({
  method: "get",
  path: "/subscription_list",
  query: ListQuery,
  summary: "An organization's lists",
  responses: { 200: { description: "Lists", schema: z.array(AdminList) } },
  errors: { ...bearerInputErrors, 404: reason("`company not found`") },
});

export const createSubscriptionList = listOperation({
  method: "post",
  path: "/subscription_list",
  permission: "SUBSCRIPTION_LIST.U",
  body: CreateListRequest,
  summary: "Create a list",
  description: "`double_opt_in` is false unless sent (the dashboard's form proposes true).",
  responses: { 201: { description: "Created", schema: AdminList } },
  errors: { ...bearerInputErrors, 404: reason("`company not found`") },
});

export const getSubscriptionList = listOperation({
  method: "get",
  path: "/subscription_list/{id}",
  params: IdParams,
  summary: "One list, with its uuid",
  responses: { 200: { description: "The list", schema: AdminList } },
  errors: listErrors,
});

export const updateSubscriptionList = listOperation({
  method: "put",
  path: "/subscription_list/{id}",
  permission: "SUBSCRIPTION_LIST.U",
  params: IdParams,
  body: UpdateListRequest,
  summary: "Update a list",
  description:
    "Only the fields sent change. `question_prop_ids` replaces the question set (properties of the list's organization). " +
    "`welcome_subject` and `welcome_html` make the welcome message sent when a subscription becomes active " +
    "(`welcome_html` is sanitized like the consent text; a null subject sends none).",
  responses: { 200: { description: "The updated list", schema: AdminList } },
  errors: listErrors,
});

export const deleteSubscriptionList = listOperation({
  method: "delete",
  path: "/subscription_list/{id}",
  permission: "SUBSCRIPTION_LIST.U",
  params: IdParams,
  summary: "Delete a list and its subscriptions",
  description: "Members and their consents stay; a consent's source list becomes null.",
  responses: { 200: { description: "Deleted", schema: DeletedList } },
  errors: listErrors,
});

export const listSubscribers = listOperation({
  method: "get",
  path: "/subscription_list/{id}/subscribers",
  params: IdParams,
  query: SubscribersQuery,
  summary: "Subscribers of a list, newest first",
  responses: { 200: { description: "A page of subscribers", schema: SubscribersPage } },
  errors: listErrors,
});

export const listsOfMember = listOperation({
  method: "get",
  path: "/subscription_list/member/{member_id}",
  params: z.object({ member_id: IntIdParam }),
  summary: "The lists of a member's organization, each with is_subscribed",
  responses: { 200: { description: "Lists", schema: z.array(MemberListEntry) } },
  errors: { ...bearerInputErrors, 404: outOfScope("member not found") },
});

/** An admin subscribes or unsubscribes a member of the list's organization. */
function memberSubscription<const Action extends "subscribe" | "unsubscribe">(action: Action, summary: string, answer: string, description?: string) {
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
  "Subscribe a member of the list's organization",
  "Subscribed",
  "Admin subscriptions are not limited by the subscriber cap (it guards the public form).",
);
export const unsubscribeMember = memberSubscription(
  "unsubscribe",
  "Unsubscribe a member",
  "Unsubscribed (subscription null when there never was one)",
);
