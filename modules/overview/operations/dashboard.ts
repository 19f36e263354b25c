// The dashboard's overview: its counts and 30-day chart (GET /admin/api/overview).
import { Overview } from "../schemas/overview";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

export const dashboardOverview = dashboardRoute({
  path: "/overview",
  summary: "The overview counts and the 30-day chart",
  responses: { 200: { description: "Counts and the chart's days", schema: Overview } },
  errors: dashboardReadErrors,
});
