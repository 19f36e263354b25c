// The access screens' dashboard reads: users, the companies an ADMIN may grant, API keys.
import { z } from "zod";
import { ApiKeyRow, AdminUserRow, GrantableCompany } from "../schemas/access";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

export const dashboardAdminUsers = dashboardRoute({
  path: "/users",
  summary: "The dashboard users inside the ADMIN's scope",
  responses: { 200: { description: "Users", schema: z.array(AdminUserRow) } },
  errors: dashboardReadErrors,
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
