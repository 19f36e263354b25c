// The audit log screen's data (GET /admin/api/audit), inferred from the schema the service answers with.
import type { z } from "zod";
import type { AuditPage as AuditPageSchema } from "@/modules/audit/schemas/audit";

export type AuditPage = z.infer<typeof AuditPageSchema>;
export type AuditEntry = AuditPage["entries"][number];
