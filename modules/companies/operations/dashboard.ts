// The company register's dashboard reads: the register, one company, its grants, fk_status history and leisure-card record.
import { z } from "zod";
import { CompanyPathParams, CompanyRegisterQuery } from "../schemas/company";
import {
  CompanyDetail,
  CompanyGrantRow,
  DashboardRegisterRow,
  FkHistoryEntry,
  LeisureCardKeyRecord,
} from "../schemas/dashboard";
import { validation } from "@/lib/operations/errors";
import { companyReadErrors, dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

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
  errors: companyReadErrors,
});

export const dashboardCompanyGrants = dashboardRoute({
  path: "/companies/{id}/grants",
  params: CompanyPathParams,
  summary: "Every grant, with its activation date on this company (or null)",
  responses: { 200: { description: "Grants", schema: z.array(CompanyGrantRow) } },
  errors: companyReadErrors,
});

export const dashboardCompanyHistory = dashboardRoute({
  path: "/companies/{id}/history",
  params: CompanyPathParams,
  summary: "The company's fk_status changes, newest first",
  responses: { 200: { description: "Changes", schema: z.array(FkHistoryEntry) } },
  errors: companyReadErrors,
});

export const dashboardLeisureCardKey = dashboardRoute({
  path: "/companies/{id}/leisure-card-key",
  params: CompanyPathParams,
  summary: "Giro details and last update of the leisure-card record (never the key), or null",
  responses: { 200: { description: "The record's details, or null", schema: LeisureCardKeyRecord.nullable() } },
  errors: companyReadErrors,
});
