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
} from "../validation/organization";
import { bearerInputErrors, forbidden, reason, unauthorized } from "./errors";
import { operation } from "./operation";

const referenceErrors = { ...bearerInputErrors, 404: reason("`company not found`") };
const referenceNote =
  "With `company_id` (in your scope): what a member of that company can use, the company's own entries and its " +
  "parent companies'. Without: those of every company in your scope.";

export const getCompanyHierarchy = operation({
  method: "get",
  path: "/company/hierarchy",
  auth: "bearer",
  module: "company",
  summary: "The company hierarchy",
  description:
    "The live companies in your scope as nested trees (`children`, by name). A company whose parent is outside your " +
    "scope is a root. For an API key scoped to its own company with sub-companies, that is one tree rooted at GET /company.",
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
  summary: "Search companies by name or org number",
  description:
    "Companies in your scope. `q` (at least 2 characters, else 400 `query must be at least 2 characters`) matches a " +
    "substring of the name (case-insensitive) or of the org number, with or without its hyphen. Exact matches first, " +
    "then by name. `limit` 1-100, default 20.",
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

export const listCompanyPeriods = referenceData("/company_period", "Membership periods", "Newest first.", {
  description: "Periods",
  item: PeriodView,
});
export const listMemberTypes = referenceData("/membertype", "Member types", "By name.", {
  description: "Member types",
  item: MemberTypeView,
});
export const listProperties = referenceData(
  "/property",
  "Property groups with their properties",
  "By name. A property's `prop_id` is what members and lists' questions use.",
  { description: "Property groups", item: PropertyGroupView },
);
