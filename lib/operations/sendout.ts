// /v3 sendouts: a message to the subscribers of some of a company's lists (an extension beyond the contract). The
// lifecycle: DRAFT -> SCHEDULED (send_at in the future) or SENDING -> PAUSED <-> SENDING -> SENT; CANCELLED from any
// state before SENT.
import { z } from "zod";
import {
  CreateSendoutRequest,
  SendoutListQuery,
  SendoutTestResult,
  SendoutView,
  SendSendoutRequest,
  TestSendoutRequest,
  UpdateSendoutRequest,
} from "../validation/sendout";
import { bearerInputErrors, forbidden, reason, unauthorized, validation } from "./errors";
import { operationsSharing } from "./operation";
import { IdParams } from "./params";

const sendoutOperation = operationsSharing({ auth: "bearer", module: "sendout", tags: ["Sendouts"] });
const sendoutErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`sendout not found`: no such sendout, or it belongs to a company outside your scope"),
};
const wrongState = (what: string) => reason(`\`sendout is <status>\`: ${what}`);
const listRule =
  "Every list must belong to the sendout's company (400 `list_ids: list <id> is not a list of this company` otherwise).";

export const listSendouts = sendoutOperation({
  method: "get",
  path: "/sendout",
  query: SendoutListQuery,
  summary: "A company's sendouts",
  description: "Newest first. The company must be in your scope (another company is 403, a missing one 404).",
  responses: { 200: { description: "The sendouts", schema: z.array(SendoutView) } },
  errors: { ...sendoutErrors, 404: reason("`company not found`") },
});

export const createSendout = sendoutOperation({
  method: "post",
  path: "/sendout",
  permission: "SENDOUT.U",
  body: CreateSendoutRequest,
  summary: "Create a sendout (a draft)",
  description: `${listRule} The HTML is sanitized for email (scripts, event handlers, forms and style sheets removed).`,
  responses: { 201: { description: "Created", schema: SendoutView } },
  errors: bearerInputErrors,
});

export const getSendout = sendoutOperation({
  method: "get",
  path: "/sendout/{id}",
  params: IdParams,
  summary: "One sendout with its status and counts",
  description:
    "The counts are delivery figures: recipients (fixed when sending starts), sent (accepted by the mail server), " +
    "failed, bounced, complained, and unsubscribed (recipients who left the list or opted out since it started).",
  responses: { 200: { description: "The sendout", schema: SendoutView } },
  errors: sendoutErrors,
});

export const updateSendout = sendoutOperation({
  method: "put",
  path: "/sendout/{id}",
  permission: "SENDOUT.U",
  params: IdParams,
  body: UpdateSendoutRequest,
  summary: "Change a draft",
  description: `Only a DRAFT can be changed. ${listRule}`,
  responses: { 200: { description: "The changed sendout", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a DRAFT can be changed") },
});

export const sendSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/send",
  permission: "SENDOUT.U",
  params: IdParams,
  body: SendSendoutRequest,
  summary: "Send a draft now or at a time",
  description:
    "Without `send_at` (or with one in the past) the recipients are fixed now and the sendout is SENDING; with a " +
    "future `send_at` it is SCHEDULED and its recipients are fixed when it starts. Recipients: everyone subscribed to " +
    "any of its lists, once, except those who opted out of all mail, suppressed addresses, erased members and members " +
    "without an address.",
  responses: { 200: { description: "The sendout, SENDING or SCHEDULED", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a DRAFT can be sent") },
});

export const pauseSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/pause",
  permission: "SENDOUT.U",
  params: IdParams,
  summary: "Pause a sendout that is sending",
  description: "No further messages are taken for sending; those already handed to the mail server finish.",
  responses: { 200: { description: "The sendout, PAUSED", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a SENDING sendout can be paused") },
});

export const resumeSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/resume",
  permission: "SENDOUT.U",
  params: IdParams,
  summary: "Resume a paused sendout",
  description: "Sending continues with the recipients not yet sent to; nobody receives it twice.",
  responses: { 200: { description: "The sendout, SENDING", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a PAUSED sendout can be resumed") },
});

export const cancelSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/cancel",
  permission: "SENDOUT.U",
  params: IdParams,
  summary: "Cancel a sendout",
  description: "A draft, scheduled, sending or paused sendout stops for good; recipients not yet sent to receive nothing.",
  responses: { 200: { description: "The sendout, CANCELLED", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("a SENT or CANCELLED sendout cannot be cancelled") },
});

export const sendTestSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/test",
  permission: "SENDOUT.U",
  params: IdParams,
  body: TestSendoutRequest,
  summary: "Send one test copy",
  description:
    "One copy to a staff address, in any state, with the subject prefixed `[Test]`. Merge fields are filled with " +
    "sample values and its links point nowhere real. Nobody's delivery state changes.",
  responses: { 200: { description: "Sent", schema: SendoutTestResult } },
  errors: { ...sendoutErrors, 500: reason("`mail server refused the test copy: <its answer>`") },
});
