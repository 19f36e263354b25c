// The dashboard's data routes of a list's figures over time (the chart on the list's page) and of the export of
// picked subscribers (the subscribers table's bulk actions), with the signed-in session.
import { ListFigures, ListFiguresQuery } from "../schemas/figures";
import { SelectedSubscribersQuery } from "../schemas/subscriber-bulk";
import { reason, validation } from "@/lib/operations/errors";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";
import { IdParams } from "@/lib/operations/params";

export const dashboardListFigures = dashboardRoute({
  path: "/lists/{id}/figures",
  params: IdParams,
  query: ListFiguresQuery,
  summary:
    "A list's new subscriptions, unsubscribes and active total per day (Swedish days) for the last 30, 90 or 365 days",
  responses: { 200: { description: "Figures per day, oldest first", schema: ListFigures } },
  errors: { 400: validation, ...dashboardReadErrors, 404: reason("`list not found`") },
});

export const dashboardListSelectedSubscribersCsv = dashboardRoute({
  path: "/lists/{id}/subscribers/selected.csv",
  params: IdParams,
  query: SelectedSubscribersQuery,
  summary: "The picked subscribers of the list as the list's CSV download (at most a page of the table)",
  responses: {
    200: {
      description: "CSV for Excel, as the list's export, with only the picked members; streamed",
      contentType: "text/csv",
    },
  },
  errors: {
    400: validation,
    ...dashboardReadErrors,
    404: reason("`list not found`, or `member not found` when a picked member is not on the list"),
  },
});
