// Query shapes of the dashboard's sendout and suppression routes (/admin/api/sendouts, /admin/api/suppressions): what a
// query string carries, parsed as the service takes it. Imports no server code.
import { z } from "zod";
import { CompanyId, IntIdParam, PAGE_MAX, queryInt } from "@/lib/validation/common";

/** ?company_id=&list_ids=3,7: the lists whose reach the composer shows (comma-separated ids, at most 50). */
export const SendoutReachQuery = z.object({
  company_id: CompanyId,
  list_ids: z
    .string()
    .max(600)
    .transform((value) => (value ? value.split(",") : []))
    .pipe(z.array(IntIdParam).max(50, { error: "must name at most 50 lists" })),
});

/** ?company_id=&page=: one page of an association's suppressed addresses (the query string's page as digits). */
export const SuppressionListQuery = z.object({ company_id: CompanyId, page: queryInt(1, PAGE_MAX).default(1) });
