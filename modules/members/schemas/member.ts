// Member shapes (spec 4.3): the record, its create/update bodies, the paginated list and the member search. Imports
// nothing from the server, so the dashboard's filters and forms validate with the same schemas as /v3.
import { z } from "zod";
import { clearableText, CompanyId, IntId, PAGE_MAX } from "@/lib/validation/common";
import { singleLine } from "@/lib/validation/text";
import { GENDERS, MemberDisability, MemberGender, PersonalNumber } from "./report-fields";

export const MEMBERSHIP_STATUSES = ["MEMBER", "PENDING_EXIT", "EXITED"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
const MembershipStatusSchema = z.enum(MEMBERSHIP_STATUSES, {
  error: `must be one of ${MEMBERSHIP_STATUSES.join(", ")}`,
});

/** How a list filter of the member search combines its ids. */
export const FILTER_INCLUDES = ["ANY", "ALL", "NONE"] as const;
export const SEARCH_SORTS = ["created_desc", "created_asc", "name_asc", "name_desc", "email_asc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
const PAGINATION_ORDER_FIELDS = ["created_at", "id", "email", "firstname", "lastname", "birthdate"] as const;

/** The largest page size of the member list and search. */
const MEMBER_PAGE_LIMIT_MAX = 100;

/** A name or phone number: clearableText on one line (names reach mail headers and spreadsheets). */
const singleLineClearable = (max: number) =>
  singleLine(
    z
      .string({ error: "must be a string" })
      .trim()
      .max(max, { error: `must be at most ${max} characters` }),
  )
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** YYYY-MM-DD, a real calendar date, not in the future. */
const Birthdate = z
  .string({ error: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= "1900-01-01";
    },
    { error: "must be a date (YYYY-MM-DD)" },
  )
  .refine((value) => value <= new Date().toISOString().slice(0, 10), { error: "must not be in the future" });

const MemberEmail = z
  .string({ error: "must be a string" })
  .trim()
  .max(254, { error: "must be at most 254 characters" })
  .transform((v) => (v === "" ? null : v.toLowerCase()))
  .pipe(z.email({ error: "must be a valid email address" }).nullable())
  .nullable()
  .optional();

const MembershipInput = z
  .object({
    company_id: CompanyId,
    period_id: IntId,
    member_type_id: IntId.nullable().optional(),
    status: MembershipStatusSchema.default("MEMBER"),
  })
  .meta({
    id: "MembershipInput",
    description:
      "A membership in a company (the member's own company or one below it, inside your scope) for a period. The period " +
      "and member type must belong to that company or a company above it (a federation's periods serve its clubs).",
  });
export type MembershipInputValues = z.output<typeof MembershipInput>;

const memberFields = {
  email: MemberEmail.meta({
    description: "Unique within the organization (compared lower-cased); may be omitted or null.",
  }),
  firstname: singleLineClearable(128),
  lastname: singleLineClearable(128),
  phone: singleLineClearable(64),
  birthdate: Birthdate.nullable().optional(),
  street: clearableText(200),
  zipcode: clearableText(20),
  post: clearableText(100),
  gender: MemberGender,
  disability: MemberDisability,
  personal_number: PersonalNumber,
  memberships: z
    .array(MembershipInput, { error: "must be an array" })
    .max(50, { error: "at most 50 memberships" })
    .optional()
    .meta({
      description:
        "The member's memberships. On PUT, when given, replaces the set in your scope (unlisted ones there are removed; memberships in companies outside your scope stay).",
    }),
  prop_ids: z
    .array(IntId, { error: "must be an array of property ids" })
    .max(200, { error: "at most 200 properties" })
    .optional()
    .meta({
      description:
        "Properties set on the member (of its company's property groups). On PUT, when given, replaces the set.",
    }),
};

export const CreateMemberRequest = z
  .object({ company_id: CompanyId.meta({ description: "The company the member belongs to." }), ...memberFields })
  .meta({ id: "CreateMemberRequest" });
export type CreateMemberInput = z.output<typeof CreateMemberRequest>;

export const UpdateMemberRequest = z
  .object(memberFields)
  .meta({ id: "UpdateMemberRequest", description: "Fields left out are unchanged; null clears a field." });
export type UpdateMemberInput = z.output<typeof UpdateMemberRequest>;

// ------------------------------------------------------------------ responses

export const MembershipView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    company_name: z.string(),
    period_id: z.number().int(),
    period_name: z.string(),
    member_type_id: z.number().int().nullable(),
    member_type_name: z.string().nullable(),
    status: MembershipStatusSchema,
    created_at: z.string(),
  })
  .meta({ id: "Membership" });

const memberSummaryShape = {
  id: z.number().int(),
  uuid: z.string().nullable().meta({
    description:
      "With a list's uuid it unsubscribes the member through the open one-click endpoint, so it is shown only to callers with SUBSCRIPTION_LIST.U; null for others.",
  }),
  company_id: z.string(),
  email: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  birthdate: z.string().nullable(),
  created_at: z.string(),
  memberships: z.array(MembershipView),
};

/** A row of the member list and the member search. */
export const MemberSummary = z.object(memberSummaryShape).meta({ id: "MemberSummary" });

export const MemberView = z
  .object({
    ...memberSummaryShape,
    street: z.string().nullable(),
    zipcode: z.string().nullable(),
    post: z.string().nullable(),
    gender: z.enum(GENDERS).nullable(),
    disability: z.boolean().nullable(),
    personal_number: z.string().nullable().meta({
      description: "YYYYMMDD-NNNN; null when not given or when the caller lacks PERSONAL_NUMBER.U.",
    }),
    global_opt_out_at: z.string().nullable().meta({ description: "Set when the member opted out of every sendout." }),
    updated_at: z.string(),
    properties: z.array(
      z.object({
        prop_id: z.number().int(),
        name: z.string(),
        group_id: z.number().int(),
        group_name: z.string(),
        set_at: z.string(),
      }),
    ),
    consents: z.array(
      z.object({
        term_id: z.number().int(),
        term_name: z.string(),
        list_id: z.number().int().nullable(),
        accepted_at: z.string(),
      }),
    ),
    subscriptions: z.array(
      z.object({
        list_id: z.number().int(),
        list_name: z.string(),
        status: z.enum(["SUBSCRIBED", "UNSUBSCRIBED"]),
        source: z.string(),
        subscribed_at: z.string(),
        unsubscribed_at: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "Member" });

export const MemberPage = z
  .object({ members: z.array(MemberSummary), count: z.number().int(), page: z.number().int(), limit: z.number().int() })
  .meta({ id: "MemberPage", description: "One page of members and the number of all that match." });

export const ErasedMember = z.object({ id: z.number().int(), erased_at: z.string() }).meta({ id: "ErasedMember" });

// ------------------------------------------------------------------ list and search requests

const page = z
  .number({ error: "must be an integer" })
  .int({ error: "must be an integer" })
  .min(1, { error: "must be at least 1" })
  .max(PAGE_MAX, { error: `must be at most ${PAGE_MAX}` })
  .default(1);
const limit = z
  .number({ error: "must be an integer" })
  .int({ error: "must be an integer" })
  .min(1, { error: "must be at least 1" })
  .max(MEMBER_PAGE_LIMIT_MAX, { error: `must be at most ${MEMBER_PAGE_LIMIT_MAX}` })
  .default(20);
const statuses = z
  .array(MembershipStatusSchema, { error: "must be an array" })
  .max(MEMBERSHIP_STATUSES.length * 2)
  .optional();

export const MemberPaginationRequest = z
  .object({
    options: z.object({ period_id: IntId.optional(), statuses }).default({}).meta({
      description:
        "Members with a membership in `period_id` and/or with one of `statuses` (both on the same membership).",
    }),
    orderBy: z
      .partialRecord(
        z.enum(PAGINATION_ORDER_FIELDS, { error: `must be one of ${PAGINATION_ORDER_FIELDS.join(", ")}` }),
        z.enum(["asc", "desc"], { error: "must be asc or desc" }),
      )
      .refine((o) => Object.keys(o).length <= 1, { error: "order by one field" })
      .default({ created_at: "desc" })
      .meta({
        description: 'One field and its direction, e.g. `{"created_at": "desc"}` (the default). Ties go by id.',
      }),
    page,
    limit,
  })
  .meta({ id: "MemberPaginationRequest" });
export type MemberPaginationInput = z.output<typeof MemberPaginationRequest>;

const include = z.enum(FILTER_INCLUDES, { error: `must be one of ${FILTER_INCLUDES.join(", ")}` }).default("ANY");
const ids = <T extends z.ZodType>(id: T) =>
  z.array(id, { error: "must be an array" }).max(500, { error: "at most 500 ids" }).default([]);
const includeText = (what: string) =>
  `ANY: members with at least one of the ${what}; ALL: with every one; NONE: with none of them. An empty id list filters nothing.`;

export const MemberSearchRequest = z
  .object({
    filters: z
      .object({
        member_variables: z
          .object({
            email: z.enum(["EXISTS", "MISSING"], { error: "must be EXISTS or MISSING" }).optional(),
            statuses,
            age_from: z
              .number({ error: "must be an integer" })
              .int({ error: "must be an integer" })
              .min(0)
              .max(150)
              .optional(),
            age_to: z
              .number({ error: "must be an integer" })
              .int({ error: "must be an integer" })
              .min(0)
              .max(150)
              .optional(),
          })
          .default({})
          .meta({
            description:
              "`email` EXISTS / MISSING; `statuses`: a membership with one of them (with `companies`, in those companies); " +
              "`age_from`/`age_to`: whole years today, inclusive (members without a birthdate do not match).",
          }),
        companies: z
          .object({ company_ids: ids(CompanyId), include })
          .optional()
          .meta({ description: includeText("companies (a membership there, in one of `statuses` when given)") }),
        events: z
          .object({ event_ids: ids(IntId), include })
          .optional()
          .meta({ description: includeText("events (registered)") }),
        properties: z
          .object({ prop_ids: ids(IntId), include })
          .optional()
          .meta({ description: includeText("properties") }),
      })
      .default({ member_variables: {} }),
    search_text: z
      .string({ error: "must be a string" })
      .trim()
      .max(200, { error: "must be at most 200 characters" })
      .default("")
      .meta({
        description:
          "Words that must each be part of the email, first name, last name or phone, in any order, case and accents ignored (`alva lindstrom` finds Alva Lindström); up to 8 words are used; empty matches all.",
      }),
    sort_by: z
      .enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(", ")}` })
      .default("created_desc")
      .meta({
        description: "created_desc (default), created_asc, name_asc / name_desc (last name, first name), email_asc.",
      }),
    page,
    limit,
  })
  .refine(
    (r) =>
      r.filters.member_variables.age_from === undefined ||
      r.filters.member_variables.age_to === undefined ||
      r.filters.member_variables.age_from <= r.filters.member_variables.age_to,
    {
      error: "age_from must not be above age_to",
      path: ["filters", "member_variables", "age_to"],
    },
  )
  .meta({ id: "MemberSearchRequest" });
export type MemberSearchInput = z.output<typeof MemberSearchRequest>;
export type MemberSearchFilters = MemberSearchInput["filters"];

// ------------------------------------------------------------------ the dashboard's search address

const csv = z
  .string()
  .max(20_000)
  .optional()
  .transform((v) => (v ? v.split(",").filter(Boolean) : []));
const optionalNumber = z
  .string()
  .max(20)
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : Number(v)));
const optionalInclude = z.enum(FILTER_INCLUDES).optional();

/** The member screen's filters as query parameters (lists comma-separated), read into a MemberSearchRequest. */
export const MemberSearchQuery = z
  .object({
    q: z.string().max(200).optional(),
    statuses: csv,
    email: z.enum(["EXISTS", "MISSING"]).optional(),
    age_from: optionalNumber,
    age_to: optionalNumber,
    companies: csv,
    companies_include: optionalInclude,
    props: csv,
    props_include: optionalInclude,
    events: csv,
    events_include: optionalInclude,
    sort: z.enum(SEARCH_SORTS).optional(),
    page: optionalNumber,
  })
  .transform((q): z.input<typeof MemberSearchRequest> => ({
    filters: {
      // Checked by the pipe below, like every other value.
      member_variables: {
        email: q.email,
        statuses: q.statuses.length ? (q.statuses as MembershipStatus[]) : undefined,
        age_from: q.age_from,
        age_to: q.age_to,
      },
      companies: { company_ids: q.companies, include: q.companies_include },
      properties: { prop_ids: q.props.map(Number), include: q.props_include },
      events: { event_ids: q.events.map(Number), include: q.events_include },
    },
    search_text: q.q ?? "",
    sort_by: q.sort,
    page: q.page ?? 1,
    limit: MEMBER_SCREEN_PAGE_SIZE,
  }))
  .pipe(MemberSearchRequest);

export const MEMBER_SCREEN_PAGE_SIZE = 25;
