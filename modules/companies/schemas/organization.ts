// The organization's reference data (spec 4.3): company hierarchy and search, periods, member types, properties.
import { z } from "zod";
import { CompanyId, queryInt, requiredText } from "@/lib/validation/common";

export const OrganizationQuery = z.object({
  company_id: CompanyId.optional().meta({
    description:
      "What a member of this company can use: its own and its parent companies' entries. Left out: every company in your scope.",
  }),
});
export type OrganizationQueryInput = z.output<typeof OrganizationQuery>;

export const PeriodView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    name: z.string(),
    start_date: z.string().meta({ description: "YYYY-MM-DD, first day" }),
    end_date: z.string().meta({ description: "YYYY-MM-DD, last day" }),
    is_current: z.boolean().meta({ description: "Today (Stockholm) falls within the period." }),
  })
  .meta({ id: "Period" });

export const MemberTypeView = z
  .object({ id: z.number().int(), company_id: z.string(), name: z.string() })
  .meta({ id: "MemberType" });

const PropertyView = z
  .object({ prop_id: z.number().int(), name: z.string(), descr: z.string() })
  .meta({ id: "Property" });

export const PropertyGroupView = z
  .object({
    id: z.number().int(),
    company_id: z.string(),
    name: z.string(),
    descr: z.string().nullable(),
    properties: z.array(PropertyView),
  })
  .meta({ id: "PropertyGroup" });

export interface CompanyNodeShape {
  company_id: string;
  name: string;
  shortname: string | null;
  org_number: string;
  children: CompanyNodeShape[];
}

export const CompanyNode: z.ZodType<CompanyNodeShape> = z
  .object({
    company_id: z.string(),
    name: z.string(),
    shortname: z.string().nullable(),
    org_number: z.string(),
    get children() {
      return z.array(CompanyNode);
    },
  })
  .meta({ id: "CompanyNode" });

export const COMPANY_SEARCH_MIN = 2;
const COMPANY_SEARCH_LIMIT_MAX = 100;

export const CompanySearchQuery = z.object({
  q: z
    .string()
    .max(200, { error: "must be at most 200 characters" })
    .default("")
    .meta({
      description: `At least ${COMPANY_SEARCH_MIN} characters; a substring of the name or the org number (with or without its hyphen).`,
    }),
  limit: queryInt(1, COMPANY_SEARCH_LIMIT_MAX).default(20),
});
export type CompanySearchQueryInput = z.output<typeof CompanySearchQuery>;

export const CompanySearchResult = z
  .object({
    company_id: z.string(),
    name: z.string(),
    org_number: z.string(),
    shortname: z.string().nullable(),
    street: z.string().nullable(),
    zipcode: z.string().nullable(),
    post: z.string().nullable(),
  })
  .meta({ id: "CompanySearchResult" });

// ------------------------------------------------------------------ creating reference data (CLI, seed, dashboard)

const DateOnly = z
  .string({ error: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" })
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: "must be a date (YYYY-MM-DD)",
    },
  );
const referenceName = requiredText(100);

export const CreatePeriodRequest = z
  .object({ company_id: CompanyId, name: referenceName, start_date: DateOnly, end_date: DateOnly })
  .refine((p) => p.end_date >= p.start_date, { error: "must not be before start_date", path: ["end_date"] });
export type CreatePeriodInput = z.output<typeof CreatePeriodRequest>;

export const CreateMemberTypeRequest = z.object({ company_id: CompanyId, name: referenceName });
export type CreateMemberTypeInput = z.output<typeof CreateMemberTypeRequest>;
