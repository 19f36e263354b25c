// The activity screens' dashboard reads (module `activity`): the same services as /v3/activities and /v3/lok-report.
import { z } from "zod";
import { IdParams } from "@/lib/operations/params";
import { reason, validation } from "@/lib/operations/errors";
import { CompanyChoice } from "@/modules/members/schemas/dashboard";
import { companyReadErrors, dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";
import { ActivityListQuery } from "../schemas/activity";
import { ActivityListRow } from "../schemas/dashboard";
import { LokReport, LokReportQuery, LokSettingsQuery, LokSettingsView } from "../schemas/lok";
import { OccasionListQuery, OccasionView } from "../schemas/occasion";

export const dashboardActivityCompanies = dashboardRoute({
  path: "/activities/companies",
  module: "activity",
  summary: "The companies in scope the activity screens can show",
  responses: { 200: { description: "Companies", schema: z.array(CompanyChoice) } },
  errors: dashboardReadErrors,
});

export const dashboardActivities = dashboardRoute({
  path: "/activities",
  module: "activity",
  query: ActivityListQuery,
  summary: "A company's activities with each one's next occasion (the service of /v3/activities)",
  responses: { 200: { description: "The activities", schema: z.array(ActivityListRow) } },
  errors: companyReadErrors,
});

export const dashboardActivityOccasions = dashboardRoute({
  path: "/activities/{id}/occasions",
  module: "activity",
  params: IdParams,
  query: OccasionListQuery,
  summary: "An activity's occasions (the service of /v3/activities/{id}/occasions)",
  responses: { 200: { description: "The occasions", schema: z.array(OccasionView) } },
  errors: { 400: validation, ...dashboardReadErrors, 404: reason("`activity not found`") },
});

export const dashboardLokReport = dashboardRoute({
  path: "/lok-report",
  module: "activity",
  query: LokReportQuery,
  summary: "A company's LOK-stöd report of a period (the service of /v3/lok-report)",
  responses: { 200: { description: "The report", schema: LokReport } },
  errors: companyReadErrors,
});

export const dashboardLokReportCsv = dashboardRoute({
  path: "/lok-report.csv",
  module: "activity",
  query: LokReportQuery,
  summary: "The LOK-stöd report as a CSV download (as /v3/lok-report.csv)",
  responses: { 200: { description: "CSV", contentType: "text/csv" } },
  errors: companyReadErrors,
});

export const dashboardLokReportXlsx = dashboardRoute({
  path: "/lok-report.xlsx",
  module: "activity",
  query: LokReportQuery,
  summary: "The LOK-stöd report as an Excel download (as /v3/lok-report.xlsx)",
  responses: {
    200: {
      description: "The workbook",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    },
  },
  errors: companyReadErrors,
});

export const dashboardLokSettings = dashboardRoute({
  path: "/lok-report/settings",
  module: "activity",
  query: LokSettingsQuery,
  summary: "A company's LOK-stöd thresholds (the service of /v3/lok-report/settings)",
  responses: { 200: { description: "The thresholds", schema: LokSettingsView } },
  errors: companyReadErrors,
});
