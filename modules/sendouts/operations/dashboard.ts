// The dashboard's data routes of the sendout screens (/admin/api/sendouts, /admin/api/suppressions), with the
// signed-in session: the same services as /v3/sendout, the preview of a sendout as a recipient gets it, and the
// association's suppressed addresses.
import { z } from "zod";
import { SendoutListQuery, SendoutReach, SendoutView } from "../schemas/sendout";
import { SendoutReachQuery, SuppressionListQuery } from "../schemas/dashboard";
import { SuppressionPage } from "../schemas/suppression";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";
import { reason, validation } from "@/lib/operations/errors";
import { IdParams } from "@/lib/operations/params";

const sendoutErrors = { 400: validation, ...dashboardReadErrors, 404: reason("`sendout not found`") };
const companyErrors = { 400: validation, ...dashboardReadErrors, 404: reason("`company not found`") };

export const dashboardSendouts = dashboardRoute({
  path: "/sendouts",
  module: "sendout",
  query: SendoutListQuery,
  summary: "A company's sendouts with their figures, newest first",
  responses: { 200: { description: "The sendouts", schema: z.array(SendoutView) } },
  errors: companyErrors,
});

export const dashboardSendoutReach = dashboardRoute({
  path: "/sendouts/recipients",
  module: "sendout",
  query: SendoutReachQuery,
  summary: "How many distinct people the lists reach now, and how many are left out (opted out, suppressed)",
  responses: { 200: { description: "The counts", schema: SendoutReach } },
  errors: companyErrors,
});

export const dashboardSendout = dashboardRoute({
  path: "/sendouts/{id}",
  module: "sendout",
  params: IdParams,
  summary: "One sendout with its figures (read again while it is sending)",
  responses: { 200: { description: "The sendout", schema: SendoutView } },
  errors: sendoutErrors,
});

export const dashboardSendoutPreview = dashboardRoute({
  path: "/sendouts/{id}/preview",
  module: "sendout",
  params: IdParams,
  summary: "The saved sendout as a sample recipient gets it, for the composer's sandboxed preview frame",
  responses: {
    200: {
      description: "The message's HTML, under its own policy: no scripts, framed only by this site",
      contentType: "text/html",
    },
  },
  errors: sendoutErrors,
});

export const dashboardSuppressions = dashboardRoute({
  path: "/suppressions",
  module: "subscription_list",
  query: SuppressionListQuery,
  summary: "One page of an association's suppressed addresses, newest first",
  responses: { 200: { description: "A page of suppressed addresses", schema: SuppressionPage } },
  errors: companyErrors,
});
