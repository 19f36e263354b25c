// Webhook shapes (an extension beyond the contract: module `webhook`, permission `WEBHOOK.U`): the event types and
// their payloads, the endpoint and delivery views, and the requests. One definition for the /v3 API, the services,
// the dashboard and the OpenAPI document's top-level `webhooks`; imports no server code.
import { z } from "zod";
import { CompanyId, PAGE_MAX, queryInt } from "@/lib/validation/common";

/** Every event an endpoint can subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "subscription.created",
  "subscription.confirmed",
  "subscription.unsubscribed",
  "member.opted_out",
  "member.created",
  "member.updated",
  "member.erased",
  "company.fk_status_changed",
  "sendout.sent",
  "activity.created",
  "activity.updated",
  "activity.deleted",
  "activity.participant_changed",
  "attendance.recorded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "send a test event", to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";

const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

// ------------------------------------------------------------------ event payloads

const Timestamp = z.string().meta({ description: "ISO 8601, when the change happened." });
const MemberRef = {
  company_id: z.string().meta({ description: "The member's organization (company)." }),
  member_id: z.number().int(),
  email: z.string().nullable(),
};
const SubscriptionRef = {
  ...MemberRef,
  company_id: z.string().meta({ description: "The list's company." }),
  list_id: z.number().int(),
  list_name: z.string(),
};

const ActivityRef = {
  company_id: z.string().meta({ description: "The activity's company." }),
  activity_id: z.number().int(),
  name: z.string(),
};

/** The body of each event type: `{type, timestamp, data}`, the Standard Webhooks payload structure. */
function eventPayload<T extends string, D extends z.ZodRawShape>(type: T, description: string, data: D) {
  return z.object({ type: z.literal(type), timestamp: Timestamp, data: z.object(data) }).meta({
    id: `WebhookEvent${type.replace(/(^|[._])([a-z])/g, (_, _sep, c: string) => c.toUpperCase())}`,
    description,
  });
}

const payloads = {
  "subscription.created": eventPayload(
    "subscription.created",
    "Someone subscribed to a list (PENDING while double opt-in waits for the address owner).",
    {
      ...SubscriptionRef,
      status: z.enum(["PENDING", "SUBSCRIBED"]),
      source: z.string().meta({ description: "PUBLIC_FORM, ADMIN or API." }),
    },
  ),
  "subscription.confirmed": eventPayload(
    "subscription.confirmed",
    "A pending subscription was confirmed and is SUBSCRIBED.",
    {
      ...SubscriptionRef,
      confirmed_via: z.string().meta({ description: "EMAIL_LINK, ADMIN, API or PREFERENCES." }),
    },
  ),
  "subscription.unsubscribed": eventPayload("subscription.unsubscribed", "A subscription ended.", {
    ...SubscriptionRef,
    via: z.string().nullable().meta({ description: "ADMIN (staff), LINK, PREFERENCES or OPT_OUT (the person)." }),
  }),
  "member.opted_out": eventPayload(
    "member.opted_out",
    "A member opted out of all mail from the organization.",
    MemberRef,
  ),
  "member.created": eventPayload("member.created", "A member was created.", {
    ...MemberRef,
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
  }),
  "member.updated": eventPayload("member.updated", "A member's fields, memberships or properties changed.", {
    ...MemberRef,
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
  }),
  "member.erased": eventPayload("member.erased", "A member's personal data was erased; only the id remains.", {
    company_id: MemberRef.company_id,
    member_id: MemberRef.member_id,
  }),
  "company.fk_status_changed": eventPayload(
    "company.fk_status_changed",
    "A company's leisure-card (Fritidskortet) enrollment status changed.",
    {
      company_id: z.string(),
      from: z.string(),
      to: z.string(),
    },
  ),
  "sendout.sent": eventPayload("sendout.sent", "A sendout has no recipient left to send to.", {
    company_id: z.string(),
    sendout_id: z.number().int(),
    subject: z.string(),
    recipients: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
  }),
  "activity.created": eventPayload("activity.created", "An activity was created.", ActivityRef),
  "activity.updated": eventPayload(
    "activity.updated",
    "An activity's fields, schedule (and so its occasions), leaders or capacity changed.",
    ActivityRef,
  ),
  "activity.deleted": eventPayload("activity.deleted", "An activity was deleted with its occasions.", ActivityRef),
  "activity.participant_changed": eventPayload(
    "activity.participant_changed",
    "A participant was enrolled, put on the waitlist, moved up from it, or left.",
    {
      company_id: ActivityRef.company_id,
      activity_id: ActivityRef.activity_id,
      member_id: z.number().int(),
      status: z.enum(["WAITLIST", "ENROLLED", "LEFT"]),
    },
  ),
  "attendance.recorded": eventPayload(
    "attendance.recorded",
    "Attendance of an occasion changed: the records whose status changed, as they are now.",
    {
      company_id: ActivityRef.company_id,
      activity_id: ActivityRef.activity_id,
      occasion_id: z.number().int(),
      records: z.array(z.object({ member_id: z.number().int(), status: z.enum(["PRESENT", "ABSENT", "EXCUSED"]) })),
    },
  ),
} satisfies Record<WebhookEventType, z.ZodType>;

/** The test event's body. */
export const WebhookTestPayload = eventPayload(WEBHOOK_TEST_EVENT, 'Sent by "send a test event" to one endpoint.', {
  endpoint_id: z.number().int(),
  company_id: z.string(),
});

/** One entry per event type for the OpenAPI document's top-level `webhooks` (POST to the integrator's URL). */
export const WEBHOOK_PAYLOADS = WEBHOOK_EVENT_TYPES.map((type) => ({ type, schema: payloads[type] as z.ZodType }));

// ------------------------------------------------------------------ endpoints

const EventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }), {
    error: "must be an array of event types",
  })
  .min(1, { error: "must name at least one event type" })
  .max(WEBHOOK_EVENT_TYPES.length, { error: `must name at most ${WEBHOOK_EVENT_TYPES.length} event types` })
  .transform((types) => WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t)));

const Url = z
  .string({ error: "must be a URL" })
  .trim()
  .max(2000, { error: "must be at most 2000 characters" })
  .pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }))
  .meta({
    description:
      "Where events are POSTed. https only (http only where the operator allows it); not a private or loopback address.",
  });

const Description = z
  .string({ error: "must be a string" })
  .trim()
  .max(500, { error: "must be at most 500 characters" });

export const CreateWebhookEndpointRequest = z
  .object({ company_id: CompanyId, url: Url, events: EventTypes, description: Description.default("") })
  .meta({ id: "CreateWebhookEndpointRequest" });
export type CreateWebhookEndpointInput = z.output<typeof CreateWebhookEndpointRequest>;

export const UpdateWebhookEndpointRequest = z
  .object({
    url: Url.optional(),
    events: EventTypes.optional(),
    description: Description.optional(),
    enabled: z.boolean({ error: "must be true or false" }).optional().meta({
      description:
        "true re-enables an endpoint the service disabled (and forgets its failures); false pauses deliveries.",
    }),
  })
  .meta({ id: "UpdateWebhookEndpointRequest", description: "Fields left out are unchanged." });
export type UpdateWebhookEndpointInput = z.output<typeof UpdateWebhookEndpointRequest>;

export const WebhookEndpointListQuery = z.object({ company_id: CompanyId });

export const WebhookEndpointView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    include_descendants: z.boolean().meta({
      description:
        "Whether events of the companies below the endpoint's company reach it (fixed at creation from the creator's scope).",
    }),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    disabled_at: z.string().nullable(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: "Why the service disabled it (null when enabled, or paused by a person)." }),
    failing_since: z
      .string()
      .nullable()
      .meta({ description: "The first failed attempt since the last successful delivery." }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointViewShape = z.output<typeof WebhookEndpointView>;

/** A new endpoint: the only answer besides a rotation that carries the signing secret. */
export const CreatedWebhookEndpoint = WebhookEndpointView.extend({
  secret: z.string().meta({
    description: "The signing secret (`whsec_…`), shown only now. Verify deliveries with it (Standard Webhooks).",
  }),
}).meta({ id: "CreatedWebhookEndpoint" });

export const RotatedWebhookSecret = z
  .object({
    id: z.number().int(),
    secret: z
      .string()
      .meta({ description: "The new signing secret, shown only now; the old one stops signing at once." }),
  })
  .meta({ id: "RotatedWebhookSecret" });

// ------------------------------------------------------------------ deliveries

export const WebhookDeliveryListQuery = z.object({
  page: queryInt(1, PAGE_MAX).default(1),
  limit: queryInt(1, 200).default(50),
  status: z.enum(DELIVERY_STATUSES, { error: `must be one of ${DELIVERY_STATUSES.join(", ")}` }).optional(),
});
export type WebhookDeliveryListInput = z.output<typeof WebhookDeliveryListQuery>;

const WebhookAttemptView = z.object({
  attempted_at: z.string(),
  status_code: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The receiver's HTTP status; null when no answer came." }),
  error: z.string().nullable().meta({ description: "A network error or timeout, or a non-2xx answer." }),
  duration_ms: z.number().int(),
});

export const WebhookDeliveryView = z
  .object({
    id: z.number().int(),
    endpoint_id: z.number().int(),
    message_id: z.string().meta({ description: "The `webhook-id` header: the same on every attempt and redelivery." }),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable().meta({ description: "When a PENDING delivery is tried next." }),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
    payload: z.unknown().meta({ description: "The body sent: {type, timestamp, data}." }),
    attempt_log: z.array(WebhookAttemptView).meta({ description: "Every attempt, oldest first." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryViewShape = z.output<typeof WebhookDeliveryView>;

export const WebhookDeliveryPage = z
  .object({
    deliveries: z.array(WebhookDeliveryView),
    count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: "WebhookDeliveryPage" });
