// /v3 company hierarchy, company search and the organization's reference data (periods, member types, properties).
import { z } from "zod";
import {
  CompanyNode,
  CompanySearchQuery,
  CompanySearchResult,
  MemberTypeView,
  OrganizationQuery,
  PeriodView,
  PropertyGroupView,
} from "../schemas/organization";
import { bearerInputErrors, forbidden, reason, unauthorized } from "@/lib/operations/errors";
import { operation } from "@/lib/operations/operation";

const referenceErrors = {
  ...bearerInputErrors,
  404: reason("`company not found`: no company has the `company_id` given"),
};
const referenceNote =
  "With `company_id` (a company in your API key's scope): what a member of that company can be given, which is the " +
  "company's own entries and those of the companies above it. Without it: the entries of every company in your scope.";

export const getCompanyHierarchy = operation({
  method: "get",
  path: "/company/hierarchy",
  auth: "bearer",
  module: "company",
  summary: "Get the company tree",
  description:
    "The companies your API key can reach, as trees: each company with its sub-companies in `children`, ordered by " +
    "name. A company whose parent is outside your scope is a root. For a key of a federation that reaches its clubs, " +
    "this is one tree rooted at the company of GET /company. Use it to find the `company_id` of a club.",
  tags: ["Company"],
  responses: { 200: { description: "The trees", schema: z.array(CompanyNode) } },
  errors: { 401: unauthorized, 403: forbidden },
});

export const searchCompanies = operation({
  method: "get",
  path: "/company/search",
  auth: "bearer",
  module: "company",
  query: CompanySearchQuery,
  summary: "Search companies by name or organization number",
  description:
    "Finds companies in your API key's scope whose name contains `q` (any case) or whose organization number " +
    "contains it, with or without the hyphen (`802412-3456` and `8024123456` both match). Exact matches come first, " +
    "then the rest by name. `q` needs at least 2 characters (400 `query must be at least 2 characters`); `limit` " +
    "is 1–100, 20 when left out.",
  tags: ["Company"],
  responses: { 200: { description: "Matching companies", schema: z.array(CompanySearchResult) } },
  errors: bearerInputErrors,
});

/** The organization's reference data: three lists alike but for what they hold and their order. */
function referenceData<const Path extends string, Item extends z.ZodType>(
  path: Path,
  summary: string,
  order: string,
  answer: { description: string; item: Item },
) {
  return operation({
    method: "get",
    path,
    auth: "bearer",
    module: "member",
    query: OrganizationQuery,
    summary,
    description: `${referenceNote} ${order}`,
    tags: ["Organization"],
    responses: { 200: { description: answer.description, schema: z.array(answer.item) } },
    errors: referenceErrors,
  });
}

export const listCompanyPeriods = referenceData(
  "/company_period",
  "List membership periods",
  "Newest first; `is_current` marks the period that includes today. A membership names its period by `id`.",
  {
    description: "Periods",
    item: PeriodView,
  },
);
export const listMemberTypes = referenceData(
  "/membertype",
  "List member types",
  "Ordered by name. A membership may name one by `id` (such as Ungdom or Senior).",
  {
    description: "Member types",
    item: MemberTypeView,
  },
);
export const listProperties = referenceData(
  "/property",
  "List property groups and their properties",
  "Ordered by name. Properties are the yes/no facts kept about a member (such as which sports they practise); a " +
    "property's `prop_id` is what members' `prop_ids` and the questions of subscription lists use.",
  { description: "Property groups", item: PropertyGroupView },
);
