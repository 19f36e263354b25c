// The audit log's dashboard read.
import { AuditPage, AuditQuery } from "../schemas/audit";
import { validation } from "@/lib/operations/errors";
import { dashboardReadErrors, dashboardRoute } from "@/lib/operations/dashboard-route";

export const dashboardAudit = dashboardRoute({
  path: "/audit",
  query: AuditQuery,
  summary: "One page of the audit log, newest first, filtered and limited to the caller's scope",
  responses: { 200: { description: "A page of entries", schema: AuditPage } },
  errors: { 400: validation, ...dashboardReadErrors },
});
