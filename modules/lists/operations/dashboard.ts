// The dashboard's data routes of the subscription-list screens (/admin/api/lists), with the signed-in session.
import { z } from "zod";
import { DashboardListRow, ListCompanyChoices, ListDeletionImpact, ListMemberMatch } from "../schemas/dashboard";
import { PropertyGroupView } from "@/modules/companies/schemas/organization";
import {
  AdminList,
  ListCompaniesQuery,
  ListQuery,
  SubscribersExportQuery,
  SubscribersPage,
  SubscribersQuery,
} from "../schemas/subscription";
import { reason, validation } from "@/lib/operations/errors";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";
import { IdParams } from "@/lib/operations/params";

const listErrors = { 400: validation, ...dashboardReadErrors, 404: reason("`list not found`") };

export const dashboardLists = dashboardRoute({
  path: "/lists",
  summary: "Every list in the caller's scope, with its company's name (the list table)",
  responses: { 200: { description: "Lists", schema: z.array(DashboardListRow) } },
  errors: dashboardReadErrors,
});

export const dashboardListCompanies = dashboardRoute({
  path: "/lists/companies",
  query: ListCompaniesQuery,
  summary: 'The companies in scope a new list can belong to (the "new list" dialog)',
  responses: { 200: { description: "Companies", schema: ListCompanyChoices } },
  errors: { 400: validation, ...dashboardReadErrors },
});

export const dashboardListProperties = dashboardRoute({
  path: "/lists/properties",
  query: ListQuery,
  summary: "The company's property groups, the questions a list can ask",
  responses: { 200: { description: "Property groups", schema: z.array(PropertyGroupView) } },
  errors: { 400: validation, ...dashboardReadErrors, 404: reason("`company not found`") },
});

export const dashboardList = dashboardRoute({
  path: "/lists/{id}",
  params: IdParams,
  summary: "One list as the editor shows it",
  responses: { 200: { description: "The list", schema: AdminList } },
  errors: listErrors,
});

export const dashboardListImpact = dashboardRoute({
  path: "/lists/{id}/impact",
  params: IdParams,
  summary: "What deleting the list loses (for the confirmation dialog)",
  responses: { 200: { description: "Counts", schema: ListDeletionImpact } },
  errors: listErrors,
});

export const dashboardListMembers = dashboardRoute({
  path: "/lists/{id}/members",
  params: IdParams,
  query: z.object({ q: z.string().max(200).default("") }),
  summary: "Members of the list's organization matching an email or name (to subscribe)",
  responses: {
    200: { description: "Members (none for a search under 2 characters)", schema: z.array(ListMemberMatch) },
  },
  errors: listErrors,
});

export const dashboardListSubscribers = dashboardRoute({
  path: "/lists/{id}/subscribers",
  params: IdParams,
  query: SubscribersQuery,
  summary: "One page of the list's subscribers, with the count",
  responses: { 200: { description: "A page of subscribers", schema: SubscribersPage } },
  errors: listErrors,
});

export const dashboardListSubscribersCsv = dashboardRoute({
  path: "/lists/{id}/subscribers.csv",
  params: IdParams,
  query: SubscribersExportQuery,
  summary: "The list's subscribers as a CSV download, with the table's filters",
  responses: {
    200: {
      description:
        "CSV for Excel (semicolons, a UTF-8 byte-order mark), headings and values in the staff member's language, with consent and a column per question; streamed",
      contentType: "text/csv",
    },
  },
  errors: listErrors,
});
