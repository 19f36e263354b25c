// GET /admin/api/audit: one page of the audit log, newest first, filtered and limited to the caller's scope
import { route } from "@/lib/http/route";
import * as api from "@/modules/audit/operations/dashboard";
import { listAuditEntries } from "@/modules/audit/services/audit";

export const GET = route(api.dashboardAudit, async ({ caller, query }) => listAuditEntries(caller, query));
