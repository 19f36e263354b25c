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
import { forbidden, reason, unauthorized, validation } from "./errors";
import { operation } from "./operation";

const referenceErrors = { 400: validation, 401: unauthorized, 403: forbidden, 404: reason("`company not found`") };
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
  errors: { 400: validation, 401: unauthorized, 403: forbidden },
});

export const listCompanyPeriods = operation({
  method: "get",
  path: "/company_period",
  auth: "bearer",
  module: "member",
  query: OrganizationQuery,
  summary: "Membership periods",
  description: `${referenceNote} Newest first.`,
  tags: ["Organization"],
  responses: { 200: { description: "Periods", schema: z.array(PeriodView) } },
  errors: referenceErrors,
});

export const listMemberTypes = operation({
  method: "get",
  path: "/membertype",
  auth: "bearer",
  module: "member",
  query: OrganizationQuery,
  summary: "Member types",
  description: `${referenceNote} By name.`,
  tags: ["Organization"],
  responses: { 200: { description: "Member types", schema: z.array(MemberTypeView) } },
  errors: referenceErrors,
});

export const listProperties = operation({
  method: "get",
  path: "/property",
  auth: "bearer",
  module: "member",
  query: OrganizationQuery,
  summary: "Property groups with their properties",
  description: `${referenceNote} By name. A property's \`prop_id\` is what members and lists' questions use.`,
  tags: ["Organization"],
  responses: { 200: { description: "Property groups", schema: z.array(PropertyGroupView) } },
  errors: referenceErrors,
});
