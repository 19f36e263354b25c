// The dashboard's data routes of the subscription-list screens (/admin/api/lists), with the signed-in session.
import { z } from "zod";
import { DashboardListRow, ListCompanyChoices, ListDeletionImpact, ListMemberMatch } from "../validation/subscription-dashboard";
import { PropertyGroupView } from "../validation/organization";
import { AdminList, ListCompaniesQuery, ListQuery, SubscribersExportQuery, SubscribersPage, SubscribersQuery } from "../validation/subscription";
import { forbidden, notSignedIn, reason, validation } from "./errors";
import { operation } from "./operation";
import { IdParams } from "./params";

const readErrors = { 401: notSignedIn, 403: forbidden };
const listErrors = { 400: validation, ...readErrors, 404: reason("`list not found`") };

export const dashboardLists = operation({
  method: "get",
  path: "/lists",
  auth: "session",
  summary: "Every list in the caller's scope, with its company's name (the list table)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Lists", schema: z.array(DashboardListRow) } },
  errors: readErrors,
});

export const dashboardListCompanies = operation({
  method: "get",
  path: "/lists/companies",
  auth: "session",
  query: ListCompaniesQuery,
  summary: "The companies in scope a new list can belong to (the \"new list\" dialog)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Companies", schema: ListCompanyChoices } },
  errors: { 400: validation, ...readErrors },
});

export const dashboardListProperties = operation({
  method: "get",
  path: "/lists/properties",
  auth: "session",
  query: ListQuery,
  summary: "The company's property groups, the questions a list can ask",
  tags: ["Dashboard"],
  responses: { 200: { description: "Property groups", schema: z.array(PropertyGroupView) } },
  errors: { 400: validation, ...readErrors, 404: reason("`company not found`") },
});

export const dashboardList = operation({
  method: "get",
  path: "/lists/{id}",
  auth: "session",
  params: IdParams,
  summary: "One list as the editor shows it",
  tags: ["Dashboard"],
  responses: { 200: { description: "The list", schema: AdminList } },
  errors: listErrors,
});

export const dashboardListImpact = operation({
  method: "get",
  path: "/lists/{id}/impact",
  auth: "session",
  params: IdParams,
  summary: "What deleting the list loses (for the confirmation dialog)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Counts", schema: ListDeletionImpact } },
  errors: listErrors,
});

export const dashboardListMembers = operation({
  method: "get",
  path: "/lists/{id}/members",
  auth: "session",
  params: IdParams,
  query: z.object({ q: z.string().max(200).default("") }),
  summary: "Members of the list's organization matching an email or name (to subscribe)",
  tags: ["Dashboard"],
  responses: { 200: { description: "Members (none for a search under 2 characters)", schema: z.array(ListMemberMatch) } },
  errors: listErrors,
});

export const dashboardListSubscribers = operation({
  method: "get",
  path: "/lists/{id}/subscribers",
  auth: "session",
  params: IdParams,
  query: SubscribersQuery,
  summary: "One page of the list's subscribers, with the count",
  tags: ["Dashboard"],
  responses: { 200: { description: "A page of subscribers", schema: SubscribersPage } },
  errors: listErrors,
});

export const dashboardListSubscribersCsv = operation({
  method: "get",
  path: "/lists/{id}/subscribers.csv",
  auth: "session",
  params: IdParams,
  query: SubscribersExportQuery,
  summary: "The list's subscribers as a CSV download, with the table's filters",
  tags: ["Dashboard"],
  responses: { 200: { description: "UTF-8 CSV with a byte-order mark, streamed", contentType: "text/csv" } },
  errors: listErrors,
});
