// The event screen's dashboard reads.
import { z } from "zod";
import { EventListQuery, EventView } from "../schemas/event";
import { CompanyChoice } from "@/modules/members/schemas/dashboard";
import { companyReadErrors, dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

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
  errors: companyReadErrors,
});
