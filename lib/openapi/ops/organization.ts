import { z } from "zod";
import { ErrorBody } from "../../validation/common";
import {
  CompanyNode,
  CompanySearchQuery,
  CompanySearchResult,
  MemberTypeView,
  OrganizationQuery,
  PeriodView,
  PropertyGroupView,
} from "../../validation/organization";
import type { Operation } from "../operations";
import { responses } from "./shared";

const referenceErrors = {
  400: responses.validation,
  401: responses.unauthorized,
  403: responses.forbidden,
  404: { description: "`company not found`", schema: ErrorBody },
};
const referenceNote =
  "`member` module. With `company_id` (in your scope): what a member of that company can use, the company's own " +
  "entries and its parent companies'. Without: those of every company in your scope.";

export const organizationOperations: Operation[] = [
  {
    method: "get",
    path: "/company/hierarchy",
    operationId: "getCompanyHierarchy",
    summary: "The company hierarchy",
    description:
      "`company` module. The live companies in your scope as nested trees (`children`, by name). A company whose " +
      "parent is outside your scope is a root. For an API key scoped to its own company with sub-companies, that is " +
      "one tree rooted at GET /company.",
    tags: ["Company"],
    security: "bearer",
    responses: { 200: { description: "The trees", schema: z.array(CompanyNode) }, 401: responses.unauthorized, 403: responses.forbidden },
  },
  {
    method: "get",
    path: "/company/search",
    operationId: "searchCompanies",
    summary: "Search companies by name or org number",
    description:
      "`company` module; companies in your scope. `q` (at least 2 characters, else 400 `query must be at least 2 " +
      "characters`) matches a substring of the name (case-insensitive) or of the org number, with or without its " +
      "hyphen. Exact matches first, then by name. `limit` 1-100, default 20.",
    tags: ["Company"],
    security: "bearer",
    query: CompanySearchQuery.shape,
    responses: {
      200: { description: "Matching companies", schema: z.array(CompanySearchResult) },
      400: responses.validation,
      401: responses.unauthorized,
      403: responses.forbidden,
    },
  },
  {
    method: "get",
    path: "/company_period",
    operationId: "listCompanyPeriods",
    summary: "Membership periods",
    description: `${referenceNote} Newest first.`,
    tags: ["Organization"],
    security: "bearer",
    query: OrganizationQuery.shape,
    responses: { 200: { description: "Periods", schema: z.array(PeriodView) }, ...referenceErrors },
  },
  {
    method: "get",
    path: "/membertype",
    operationId: "listMemberTypes",
    summary: "Member types",
    description: `${referenceNote} By name.`,
    tags: ["Organization"],
    security: "bearer",
    query: OrganizationQuery.shape,
    responses: { 200: { description: "Member types", schema: z.array(MemberTypeView) }, ...referenceErrors },
  },
  {
    method: "get",
    path: "/property",
    operationId: "listProperties",
    summary: "Property groups with their properties",
    description: `${referenceNote} By name. A property's \`prop_id\` is what members and lists' questions use.`,
    tags: ["Organization"],
    security: "bearer",
    query: OrganizationQuery.shape,
    responses: { 200: { description: "Property groups", schema: z.array(PropertyGroupView) }, ...referenceErrors },
  },
];
