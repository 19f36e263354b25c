// /v3 sendouts: a message to the subscribers of some of a company's lists. The
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
} from "../schemas/sendout";
import { bearerInputErrors, forbidden, rateLimited, reason, unauthorized, validation } from "@/lib/operations/errors";
import { operationsSharing } from "@/lib/operations/operation";
import { IdParams } from "@/lib/operations/params";

const sendoutOperation = operationsSharing({ auth: "bearer", module: "sendout", tags: ["Sendouts"] });
const sendoutErrors = {
  400: validation,
  401: unauthorized,
  403: forbidden,
  404: reason("`sendout not found`: no sendout has this id, or it belongs to a company outside your scope"),
};
const wrongState = (what: string) => ({
  ...reason(`\`sendout is <status>\`: ${what}`),
  example: { reason: "sendout is SENT" },
});
const lifecycle =
  "A sendout goes DRAFT → SCHEDULED (sent later) or SENDING → SENT, may be PAUSED and resumed while sending, and " +
  "can be CANCELLED at any point before SENT.";
const listRule =
  "Every list must belong to the sendout's company (400 `list_ids: list <id> is not a list of this company` otherwise); " +
  "so must every activity in `activity_ids` (400 `activity_ids: activity <id> is not an activity of this company`). " +
  "A sendout names at least one list or activity (400 `list_ids: must name at least one list or activity`).";

export const listSendouts = sendoutOperation({
  method: "get",
  path: "/sendout",
  query: SendoutListQuery,
  summary: "List a company's sendouts",
  description:
    "Every sendout of the company named by `company_id`, newest first, with its status and delivery counts. The " +
    `company must be in your API key's scope (403 otherwise; 404 when no company has the id). ${lifecycle}`,
  responses: { 200: { description: "The sendouts", schema: z.array(SendoutView) } },
  errors: { ...sendoutErrors, 404: reason("`company not found`: no company has the `company_id` given") },
});

export const createSendout = sendoutOperation({
  method: "post",
  path: "/sendout",
  permission: "SENDOUT.U",
  body: CreateSendoutRequest,
  summary: "Create a sendout",
  description:
    "Creates a DRAFT message to the subscribers of the lists in `list_ids` and the contacts of the activities in " +
    "`activity_ids` (their participants' guardians). Nothing is sent until POST " +
    "/sendout/{id}/send. `html` may use merge fields such as `{{firstname|medlem}}` (the member's first name, or " +
    "the text after `|` when there is none); it is cleaned for email (scripts, event handlers, forms and style " +
    `sheets are removed). ${listRule}`,
  responses: { 201: { description: "Created", schema: SendoutView } },
  errors: bearerInputErrors,
});

export const getSendout = sendoutOperation({
  method: "get",
  path: "/sendout/{id}",
  params: IdParams,
  summary: "Get a sendout",
  description:
    "The sendout with its status and delivery counts: `recipients` (fixed when sending starts), `sent` (accepted by " +
    "the mail server), `failed`, `bounced`, `complained` (marked as spam) and `unsubscribed` (recipients who left the " +
    `list or opted out of all mail since). Poll it to follow a sendout while it is SENDING. ${lifecycle}`,
  responses: { 200: { description: "The sendout", schema: SendoutView } },
  errors: sendoutErrors,
});

export const updateSendout = sendoutOperation({
  method: "put",
  path: "/sendout/{id}",
  permission: "SENDOUT.U",
  params: IdParams,
  body: UpdateSendoutRequest,
  summary: "Change a draft sendout",
  description: `Changes only the fields sent. Only a DRAFT can be changed (409 otherwise). ${listRule}`,
  responses: { 200: { description: "The changed sendout", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a DRAFT can be changed") },
});

export const sendSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/send",
  permission: "SENDOUT.U",
  params: IdParams,
  body: SendSendoutRequest,
  summary: "Send a draft sendout, now or later",
  description:
    "Without `send_at` (or with one in the past) sending starts now and the sendout is SENDING; with a future " +
    "`send_at` it is SCHEDULED and starts then. When it starts, its recipients are fixed: everyone subscribed to any " +
    "of its lists, once each, except members who opted out of all mail, addresses that bounced or complained, " +
    "erased members and members without an address. Follow it with GET /sendout/{id}.",
  responses: { 200: { description: "The sendout, SENDING or SCHEDULED", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a DRAFT can be sent") },
});

export const pauseSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/pause",
  permission: "SENDOUT.U",
  params: IdParams,
  summary: "Pause a sendout",
  description:
    "Stops a SENDING sendout from taking further recipients; messages already handed to the mail server still go " +
    "out. Resume it with POST /sendout/{id}/resume.",
  responses: { 200: { description: "The sendout, PAUSED", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a SENDING sendout can be paused") },
});

export const resumeSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/resume",
  permission: "SENDOUT.U",
  params: IdParams,
  summary: "Resume a sendout",
  description: "Continues a PAUSED sendout with the recipients not yet sent to; nobody receives it twice.",
  responses: { 200: { description: "The sendout, SENDING", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("only a PAUSED sendout can be resumed") },
});

export const cancelSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/cancel",
  permission: "SENDOUT.U",
  params: IdParams,
  summary: "Cancel a sendout",
  description:
    "Stops a DRAFT, SCHEDULED, SENDING or PAUSED sendout for good: recipients not yet sent to receive nothing. It " +
    "cannot be resumed; create a new sendout to send again.",
  responses: { 200: { description: "The sendout, CANCELLED", schema: SendoutView } },
  errors: { ...sendoutErrors, 409: wrongState("a SENT or CANCELLED sendout cannot be cancelled") },
});

export const sendTestSendout = sendoutOperation({
  method: "post",
  path: "/sendout/{id}/test",
  permission: "SENDOUT.U",
  params: IdParams,
  body: TestSendoutRequest,
  summary: "Send a test copy",
  description:
    "Sends one copy to the address given, whatever the sendout's status, with `[Test]` before the subject, to check " +
    "how it looks. Merge fields are filled with sample values and its unsubscribe links lead nowhere. No recipient " +
    "or count changes. The address must be a staff member's: an active dashboard user whose access covers the " +
    "sendout's company (400 `email: must be the address of a staff member with access to the sendout's " +
    "organization` otherwise). At most 20 test copies an hour per API key or staff member.",
  responses: { 200: { description: "Sent", schema: SendoutTestResult } },
  errors: {
    ...sendoutErrors,
    429: rateLimited("20 test copies an hour per API key or staff member"),
    500: {
      ...reason("`mail server refused the test copy: <its answer>`: the mail server did not accept the message"),
      example: { reason: "mail server refused the test copy: 550 5.1.1 mailbox unavailable" },
    },
  },
});
