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
import { reason, validation } from "./errors";
import { dashboardReadErrors, dashboardRoute } from "./dashboard-route";

const companyErrors = { 400: validation, ...dashboardReadErrors, 404: reason("`company not found`") };

export const dashboardOverview = dashboardRoute({
  path: "/overview",
  summary: "The overview counts and the 30-day chart",
  responses: { 200: { description: "Counts and the chart's days", schema: Overview } },
  errors: dashboardReadErrors,
});

export const dashboardCompanies = dashboardRoute({
  path: "/companies",
  query: CompanyRegisterQuery,
  summary: "The register in the caller's scope, with parent names (table and tree)",
  responses: { 200: { description: "Register rows", schema: z.array(DashboardRegisterRow) } },
  errors: { 400: validation, ...dashboardReadErrors },
});

export const dashboardCompany = dashboardRoute({
  path: "/companies/{id}",
  params: CompanyPathParams,
  summary: "One company's register fields, fk_status and parent",
  responses: { 200: { description: "The company", schema: CompanyDetail } },
  errors: companyErrors,
});

export const dashboardCompanyGrants = dashboardRoute({
  path: "/companies/{id}/grants",
  params: CompanyPathParams,
  summary: "Every grant, with its activation date on this company (or null)",
  responses: { 200: { description: "Grants", schema: z.array(CompanyGrantRow) } },
  errors: companyErrors,
});

export const dashboardCompanyHistory = dashboardRoute({
  path: "/companies/{id}/history",
  params: CompanyPathParams,
  summary: "The company's fk_status changes, newest first",
  responses: { 200: { description: "Changes", schema: z.array(FkHistoryEntry) } },
  errors: companyErrors,
});

export const dashboardLeisureCardKey = dashboardRoute({
  path: "/companies/{id}/leisure-card-key",
  params: CompanyPathParams,
  summary: "Giro details and last update of the leisure-card record (never the key), or null",
  responses: { 200: { description: "The record's details, or null", schema: LeisureCardKeyRecord.nullable() } },
  errors: companyErrors,
});

export const dashboardAdminUsers = dashboardRoute({
  path: "/users",
  summary: "The dashboard users inside the ADMIN's scope",
  responses: { 200: { description: "Users", schema: z.array(AdminUserRow) } },
  errors: dashboardReadErrors,
});

export const dashboardAudit = dashboardRoute({
  path: "/audit",
  query: AuditQuery,
  summary: "One page of the audit log, newest first, filtered and limited to the caller's scope",
  responses: { 200: { description: "A page of entries", schema: AuditPage } },
  errors: { 400: validation, ...dashboardReadErrors },
});

export const dashboardGrantableCompanies = dashboardRoute({
  path: "/access/companies",
  summary: "The companies an ADMIN may grant (API key company, access-group scope pickers)",
  responses: { 200: { description: "Companies", schema: z.array(GrantableCompany) } },
  errors: dashboardReadErrors,
});

export const dashboardApiKeys = dashboardRoute({
  path: "/api-keys",
  summary: "The API keys of companies in the ADMIN's scope, with their access and last use",
  responses: { 200: { description: "API keys", schema: z.array(ApiKeyRow) } },
  errors: dashboardReadErrors,
});

export const dashboardEventCompanies = dashboardRoute({
  path: "/events/companies",
  module: "event",
  summary: "The companies in scope the event screen can show",
  responses: { 200: { description: "Companies", schema: z.array(CompanyChoice) } },
  errors: dashboardReadErrors,
});

export const dashboardEvents = dashboardRoute({
  path: "/events",
  module: "event",
  query: EventListQuery,
  summary: "A company's events (the same service as /v3/events/list)",
  responses: { 200: { description: "The events", schema: z.array(EventView) } },
  errors: companyErrors,
});

export const dashboardMemberOptions = dashboardRoute({
  path: "/members/options",
  module: "member",
  summary: "Companies, periods, member types, properties and events to filter and edit members by",
  responses: { 200: { description: "The options", schema: MemberScreenOptions } },
  errors: dashboardReadErrors,
});

export const dashboardMembers = dashboardRoute({
  path: "/members",
  module: "member",
  query: MemberSearchQuery,
  summary: "The member screen's search (the same service as /v3's member search)",
  responses: { 200: { description: "A page of members", schema: MemberPage } },
  errors: { 400: validation, ...dashboardReadErrors },
});
