// GET /admin/api/audit: one page of the audit log, newest first, filtered and limited to the caller's scope
import { route } from "@/lib/http/route";
import { listAuditEntries } from "@/lib/services/audit";
import { AuditQuery } from "@/lib/validation/audit";

export const GET = route({ auth: "session", query: AuditQuery }, async ({ caller, query }) => listAuditEntries(caller, query));
