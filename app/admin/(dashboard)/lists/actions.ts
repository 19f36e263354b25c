"use server";
// The subscription-list screens' writes, each through the one action wrapper (session, rate limit, module and
// permission checks, zod input). The services check scope and write the audit entries.
import { z } from "zod";
import { action } from "@/lib/actions/action";
import { createProperty } from "@/modules/members/services/properties";
import { bulkUnsubscribe } from "@/modules/lists/services/subscriber-bulk";
import { requestConfirmationByStaff, setMemberSubscription } from "@/modules/lists/services/subscribers";
import { createList, deleteList, previewConsentHtml, updateList } from "@/modules/lists/services/lists";
import {
  CreateListRequest,
  CreatePropertyRequest,
  ListMember,
  TermPreviewRequest,
  UpdateListRequest,
} from "@/modules/lists/schemas/subscription";
import { IntId } from "@/lib/validation/common";
import { BulkUnsubscribeRequest } from "@/modules/lists/schemas/subscriber-bulk";

const write = { auth: "session", module: "subscription_list", permission: "SUBSCRIPTION_LIST.U" } as const;

export const createListAction = action({ ...write, input: CreateListRequest }, async (input, { caller }) =>
  createList(caller, input),
);

export const updateListAction = action(
  { ...write, input: UpdateListRequest.extend({ id: IntId }) },
  async ({ id, ...changes }, { caller }) => updateList(caller, id, changes),
);

export const deleteListAction = action({ ...write, input: z.object({ id: IntId }) }, async ({ id }, { caller }) =>
  deleteList(caller, id),
);

export const createPropertyAction = action({ ...write, input: CreatePropertyRequest }, async (input, { caller }) =>
  createProperty(caller, input),
);

export const setSubscriptionAction = action(
  { ...write, input: ListMember.extend({ subscribed: z.boolean() }) },
  async ({ id, member_id, subscribed }, { caller }) => setMemberSubscription(caller, id, member_id, subscribed),
);

/** The subscribers table's bulk unsubscribe: the picked rows or every match of its filters. */
export const bulkUnsubscribeAction = action(
  { ...write, input: BulkUnsubscribeRequest },
  async ({ id, selection }, { caller }) => bulkUnsubscribe(caller, id, selection),
);

/** For someone who opted out themselves: a confirmation link to their address instead of a re-subscribe. */
export const requestConfirmationAction = action(
  { ...write, input: ListMember },
  async ({ id, member_id }, { caller }) => requestConfirmationByStaff(caller, id, member_id),
);

/** The consent text as the public page would show it (a read, but its body can be 20,000 characters: no GET). */
export const previewTermAction = action(
  { auth: "session", module: "subscription_list", input: TermPreviewRequest },
  async ({ html }, { caller }) => previewConsentHtml(caller, html),
);
