// Subscription list shapes (spec 2.10-2.12, 4.4, 4.5). Admin bodies are ours to decide; the OpenAPI document shows them.
import { z } from "zod";
import { CompanyId, IntId, IntIdParam, isUuid, PAGE_MAX, queryInt, requiredText } from "@/lib/validation/common";
import { singleLine } from "@/lib/validation/text";

export const LIST_FIELDS = ["firstname", "lastname", "phone"] as const;
const ListField = z.enum(LIST_FIELDS, { error: `must be one of ${LIST_FIELDS.join(", ")}` });

/** A uuid from a sendout link, where any text must be accepted (spec 4.4: always ok): what is not a uuid names nothing. */
export const LinkUuid = z.string().transform((text) => (isUuid(text) ? text : null));

// ------------------------------------------------------------------ public

const optionalText = (max: number) =>
  singleLine(
    z
      .string({ error: "must be a string" })
      .trim()
      .max(max, { error: `must be at most ${max} characters` }),
  )
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** The contract's limits of a subscribe (spec 4.4 and 8): the schema below and the hosted form's maxlength. */
export const SUBSCRIBE_MAX_LENGTH = { email: 254, firstname: 128, lastname: 128, phone: 64 } as const;

export const SubscribeRequest = z
  .object({
    email: z
      .string({ error: "required" })
      .trim()
      .min(1, { error: "required" })
      .max(SUBSCRIBE_MAX_LENGTH.email, { error: `must be at most ${SUBSCRIBE_MAX_LENGTH.email} characters` })
      .pipe(z.email({ error: "must be a valid email address" })),
    firstname: optionalText(SUBSCRIBE_MAX_LENGTH.firstname),
    lastname: optionalText(SUBSCRIBE_MAX_LENGTH.lastname),
    phone: optionalText(SUBSCRIBE_MAX_LENGTH.phone),
    answered_prop_ids: z
      .array(z.number({ error: "must be an array of numbers" }).int({ error: "must be an array of numbers" }), {
        error: "must be an array of numbers",
      })
      .max(500)
      .optional(),
    terms_accepted: z.boolean({ error: "must be true or false" }).optional(),
  })
  .meta({ id: "SubscribeRequest" });
export type SubscribeInput = z.infer<typeof SubscribeRequest>;

/** PENDING: waiting for the address owner's confirmation by email (double opt-in); it holds no slot of the cap. */
export const SUBSCRIPTION_STATUSES = ["PENDING", "SUBSCRIBED", "UNSUBSCRIBED"] as const;
export const SUBSCRIPTION_SOURCES = ["PUBLIC_FORM", "ADMIN"] as const;

export const SubscriptionView = z
  .object({
    id: z.number().int(),
    list_id: z.number().int(),
    member_id: z.number().int(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    source: z.enum(SUBSCRIPTION_SOURCES),
    subscribed_at: z.string(),
    unsubscribed_at: z.string().nullable(),
  })
  .meta({ id: "Subscription" });

export const SubscribeResult = z
  .object({ member_id: z.number().int(), subscription: SubscriptionView })
  .meta({ id: "SubscribeResult" });

const PublicQuestion = z.object({
  prop_id: z.number().int(),
  name: z.string(),
  descr: z.string(),
  group_name: z.string(),
  group_descr: z.string().nullable(),
});

const PublicTerm = z
  .object({ id: z.number().int(), name: z.string(), html: z.string().meta({ description: "sanitized HTML" }) })
  .meta({ id: "ConsentTerm" });

/** How the hosted form shows a list: the same fields in the public information and in the admin view. */
const listAppearance = {
  image_url: z.string().nullable(),
  show_image: z.boolean(),
  design: z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: "The hosted form's design settings as set with PUT /subscription_list/{id}, or null." }),
  term: PublicTerm.nullable(),
};

export const PublicListInfo = z
  .object({
    name: z.string(),
    description: z.string().nullable(),
    fields: z.array(ListField),
    uuid: z.string(),
    ...listAppearance,
    questions: z.array(PublicQuestion),
  })
  .meta({ id: "SubscriptionListPublicInfo" });

export const PublicListSummary = z
  .object({ id: z.number().int(), name: z.string(), description: z.string().nullable() })
  .meta({ id: "SubscriptionListSummary" });

/** Body of POST .../unsubscribe/all/{member_uuid}: the token from the sendout link (also accepted as ?token=). */
export const GlobalOptOutRequest = z
  .object({ token: z.string({ error: "required" }).min(1, { error: "required" }).optional() })
  .passthrough()
  .meta({ id: "GlobalOptOutRequest" });

// ------------------------------------------------------------------ admin

const nullableText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullable()
    .optional();

/** Double opt-in, consent on the hosted form and the welcome message: the same fields on create and update. */
const listMailSettings = {
  consent_required: z.boolean({ error: "must be true or false" }).optional().meta({
    description:
      "The hosted form refuses a subscribe without the consent box ticked (only when the list has a term). Default true for a new list. The public subscribe endpoint is not affected: terms_accepted stays optional there.",
  }),
  double_opt_in: z.boolean({ error: "must be true or false" }).optional().meta({
    description: "Public subscribes wait (PENDING) until the address owner confirms by email. Default false.",
  }),
  welcome_subject: nullableText(200).meta({
    description: "Subject of the welcome message sent when a subscription becomes active; null: none.",
  }),
  welcome_html: z
    .string({ error: "must be a string" })
    .max(50_000, { error: "must be at most 50000 characters" })
    .nullable()
    .optional()
    .meta({ description: "The welcome message's body (HTML, sanitized when stored)." }),
};

export const CreateListRequest = z
  .object({
    name: singleLine(requiredText(200)),
    company_id: CompanyId,
    description: nullableText(2000),
    fields: z.array(ListField, { error: "must be an array" }).optional(),
    ...listMailSettings,
  })
  .meta({ id: "CreateSubscriptionListRequest" });
export type CreateListInput = z.infer<typeof CreateListRequest>;

export const UpdateListRequest = z
  .object({
    name: singleLine(
      z.string().trim().min(1, { error: "must not be empty" }).max(200, { error: "must be at most 200 characters" }),
    ).optional(),
    description: nullableText(2000),
    fields: z.array(ListField, { error: "must be an array" }).optional(),
    is_active: z.boolean({ error: "must be true or false" }).optional(),
    image_url: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .max(2000)
      .nullable()
      .optional(),
    show_image: z.boolean({ error: "must be true or false" }).optional(),
    design: z.record(z.string(), z.unknown(), { error: "must be an object" }).nullable().optional(),
    term: z
      .object({
        name: z.string().trim().min(1, { error: "required" }).max(200),
        html: z.string().max(20_000, { error: "must be at most 20000 characters" }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          "The consent text. A change creates a new term version; consents keep the version accepted. null removes it.",
      }),
    question_prop_ids: z.array(IntId, { error: "must be an array of property ids" }).max(100).optional(),
    subscriber_cap: z.number().int().min(0).max(10_000_000).nullable().optional().meta({
      description:
        "Active-subscriber cap for the public form; null uses the configured default (SUBSCRIBER_CAP_DEFAULT).",
    }),
    ...listMailSettings,
  })
  .meta({ id: "UpdateSubscriptionListRequest" });
export type UpdateListInput = z.infer<typeof UpdateListRequest>;

export const AdminList = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    company_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    fields: z.array(ListField),
    is_active: z.boolean(),
    ...listAppearance,
    question_prop_ids: z.array(z.number().int()),
    subscriber_cap: z.number().int().nullable(),
    effective_subscriber_cap: z.number().int(),
    active_subscribers: z.number().int(),
    double_opt_in: z.boolean(),
    consent_required: z.boolean(),
    welcome_subject: z.string().nullable(),
    welcome_html: z.string().nullable(),
    public_url: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SubscriptionList" });

export const ListQuery = z.object({ company_id: CompanyId });

export const SubscribersQuery = z.object({
  page: queryInt(1, PAGE_MAX).default(1),
  limit: queryInt(1, 500).default(50),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  q: z.string().trim().max(200).optional().meta({
    description:
      "Words that must each be part of the subscriber's email, first name, last name or phone, in any order, case and accents ignored; up to 8 words are used.",
  }),
});
export type SubscribersQueryInput = z.output<typeof SubscribersQuery>;

export const SubscriberView = z.object({
  member_id: z.number().int(),
  member_uuid: z.string().nullable().meta({
    description:
      "With the list's uuid it unsubscribes the member through the open one-click endpoint, so it is shown only to callers with SUBSCRIPTION_LIST.U; null for others.",
  }),
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  source: z.string(),
  subscribed_at: z.string(),
  unsubscribed_at: z.string().nullable(),
  opted_out_themselves: z.boolean().meta({
    description:
      "The person left this list or every list on their own: staff cannot re-subscribe them in the dashboard, only send a confirmation.",
  }),
  consent_at: z.string().nullable().meta({
    description:
      "When the member last accepted a consent text of this list: through this list's form, or its current text elsewhere. null: none recorded.",
  }),
  answers: z.array(z.object({ prop_id: z.number().int(), name: z.string() })).meta({
    description: "The list's questions the member has answered (ticked), in the list's order.",
  }),
});

export const SubscribersPage = z
  .object({
    subscribers: z.array(SubscriberView),
    count: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: "SubscribersPage" });

/** A list deleted with its subscriptions. */
export const DeletedList = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** A member (un)subscribed by staff: the subscription, or null when there never was one. */
export const MemberSubscriptionResult = z
  .object({ member_id: z.number().int(), subscription: SubscriptionView.nullable() })
  .meta({ id: "MemberSubscriptionResult" });

export const MemberListEntry = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    is_active: z.boolean(),
    is_subscribed: z.boolean(),
  })
  .meta({ id: "MemberSubscriptionListEntry" });

/** A list and a member: by numbers (dashboard actions) and by the path of {id}/(un)subscribe/{member_id}. */
export const ListMember = z.object({ id: IntId, member_id: IntId });
export const ListMemberParams = z.object({ id: IntIdParam, member_id: IntIdParam });

// ------------------------------------------------------------------ dashboard

/** A new property (a possible list question), in a group of the list's company created on first use. */
export const CreatePropertyRequest = z.object({
  company_id: CompanyId,
  group_name: requiredText(200),
  name: requiredText(200),
  descr: z.string().trim().max(2000, { error: "must be at most 2000 characters" }).optional(),
  /** Used only when the group is new. */
  group_descr: z.string().trim().max(2000, { error: "must be at most 2000 characters" }).optional(),
});
export type CreatePropertyInput = z.output<typeof CreatePropertyRequest>;

export const TermPreviewRequest = z.object({
  html: z.string().max(20_000, { error: "must be at most 20000 characters" }),
});

/** GET /admin/api/lists/companies: the companies a new list can belong to, optionally searched by name. */
export const ListCompaniesQuery = z.object({ q: z.string().trim().max(200).optional() });

/** The filters of the subscriber table that the CSV export keeps. */
export const SubscribersExportQuery = SubscribersQuery.pick({ status: true, q: true });
