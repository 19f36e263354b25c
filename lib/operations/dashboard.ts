// The dashboard's data routes under /admin/api: read by its client screens with the signed-in session (a Caller like
// any other, so the services check modules, roles and scope). Not part of the public /v3 document. Writes go through
// server actions (lib/actions), not through these routes. The list screens' routes: ./dashboard-lists.ts.
import { z } from "zod";
import { ApiKeyRow, AdminUserRow, GrantableCompany } from "../validation/access";
import { AuditPage, AuditQuery } from "../validation/audit";
import { CompanyPathParams, CompanyRegisterQuery } from "../validation/company";
import { CompanyDetail, CompanyGrantRow, DashboardRegisterRow, FkHistoryEntry, LeisureCardKeyRecord } from "../validation/company-dashboard";
import { EventListQuery, EventView } from "../validation/event";
import { MemberPage, MemberSearchQuery } from "../validation/member";
import { CompanyChoice, MemberScreenOptions } from "../validation/member-dashboard";
import { Overview } from "../validation/overview";
import { forbidden, notSignedIn, reason, validation } from "./errors";
import { operation } from "./operation";

const readErrors = { 401: notSignedIn, 403: forbidden };
const companyErrors = { 400: validation, ...readErrors, 404: reason("`company not found`") };

export const dashboardOverview = operation({
  method: "get",
  path: "/overview",
  auth: "session",
  summary: "The overview counts and the 30-day chart",
  tags: ["Dashboard"],
  responses: { 200: { description: "Counts and the chart's days", schema: Overview } },
  errors: readErrors,
});

export const dashboardCompanies = operation({
  method: "get",
  path: "/companies",
  auth: "session",
  query: CompanyRegisterQuery,
  summary: "The register in the caller's scope, with parent names (table and tree)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Register rows", schema: z.array(DashboardRegisterRow) } },
  errors: { 400: validation, ...readErrors },
});

export const dashboardCompany = operation({
  method: "get",
  path: "/companies/{id}",
  auth: "session",
  params: CompanyPathParams,
  summary: "One company's register fields, fk_status and parent",
  tags: ["Dashboard"],
  responses: { 200: { description: "The company", schema: CompanyDetail } },
  errors: companyErrors,
});

export const dashboardCompanyGrants = operation({
  method: "get",
  path: "/companies/{id}/grants",
  auth: "session",
  params: CompanyPathParams,
  summary: "Every grant, with its activation date on this company (or null)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Grants", schema: z.array(CompanyGrantRow) } },
  errors: companyErrors,
});

export const dashboardCompanyHistory = operation({
  method: "get",
  path: "/companies/{id}/history",
  auth: "session",
  params: CompanyPathParams,
  summary: "The company's fk_status changes, newest first",
  tags: ["Dashboard"],
  responses: { 200: { description: "Changes", schema: z.array(FkHistoryEntry) } },
  errors: companyErrors,
});

export const dashboardLeisureCardKey = operation({
  method: "get",
  path: "/companies/{id}/leisure-card-key",
  auth: "session",
  params: CompanyPathParams,
  summary: "Giro details and last update of the leisure-card record (never the key), or null",
  tags: ["Dashboard"],
  responses: { 200: { description: "The record's details, or null", schema: LeisureCardKeyRecord.nullable() } },
  errors: companyErrors,
});

export const dashboardAdminUsers = operation({
  method: "get",
  path: "/users",
  auth: "session",
  summary: "The dashboard users inside the ADMIN's scope",
  tags: ["Dashboard"],
  responses: { 200: { description: "Users", schema: z.array(AdminUserRow) } },
  errors: readErrors,
});

export const dashboardAudit = operation({
  method: "get",
  path: "/audit",
  auth: "session",
  query: AuditQuery,
  summary: "One page of the audit log, newest first, filtered and limited to the caller's scope",
  tags: ["Dashboard"],
  responses: { 200: { description: "A page of entries", schema: AuditPage } },
  errors: { 400: validation, ...readErrors },
});

export const dashboardGrantableCompanies = operation({
  method: "get",
  path: "/access/companies",
  auth: "session",
  summary: "The companies an ADMIN may grant (API key company, access-group scope pickers)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Companies", schema: z.array(GrantableCompany) } },
  errors: readErrors,
});

export const dashboardApiKeys = operation({
  method: "get",
  path: "/api-keys",
  auth: "session",
  summary: "The API keys of companies in the ADMIN's scope, with their access and last use",
  tags: ["Dashboard"],
  responses: { 200: { description: "API keys", schema: z.array(ApiKeyRow) } },
  errors: readErrors,
});

export const dashboardEventCompanies = operation({
  method: "get",
  path: "/events/companies",
  auth: "session",
  module: "event",
  summary: "The companies in scope the event screen can show",
  tags: ["Dashboard"],
  responses: { 200: { description: "Companies", schema: z.array(CompanyChoice) } },
  errors: readErrors,
});

export const dashboardEvents = operation({
  method: "get",
  path: "/events",
  auth: "session",
  module: "event",
  query: EventListQuery,
  summary: "A company's events (the same service as /v3/events/list)",
  tags: ["Dashboard"],
  responses: { 200: { description: "The events", schema: z.array(EventView) } },
  errors: companyErrors,
});

export const dashboardMemberOptions = operation({
  method: "get",
  path: "/members/options",
  auth: "session",
  module: "member",
  summary: "Companies, periods, member types, properties and events to filter and edit members by",
  tags: ["Dashboard"],
  responses: { 200: { description: "The options", schema: MemberScreenOptions } },
  errors: readErrors,
});

export const dashboardMembers = operation({
  method: "get",
  path: "/members",
  auth: "session",
  module: "member",
  query: MemberSearchQuery,
  summary: "The member screen's search (the same service as /v3's member search)",
  tags: ["Dashboard"],
  responses: { 200: { description: "A page of members", schema: MemberPage } },
  errors: { 400: validation, ...readErrors },
});
