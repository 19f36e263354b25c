// The dashboard's data route of a list's figures over time (the chart on the list's page), with the signed-in session.
import { ListFigures, ListFiguresQuery } from "../validation/list-figures";
import { reason, validation } from "./errors";
import { dashboardReadErrors, dashboardRoute } from "./dashboard-route";
import { IdParams } from "./params";

export const dashboardListFigures = dashboardRoute({
  path: "/lists/{id}/figures",
  params: IdParams,
  query: ListFiguresQuery,
  summary: "A list's new subscriptions, unsubscribes and active total per day (Swedish days) for the last 30, 90 or 365 days",
  responses: { 200: { description: "Figures per day, oldest first", schema: ListFigures } },
  errors: { 400: validation, ...dashboardReadErrors, 404: reason("`list not found`") },
});
