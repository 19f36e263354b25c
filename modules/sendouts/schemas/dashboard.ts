// Query shapes of the dashboard's sendout and suppression routes (/admin/api/sendouts, /admin/api/suppressions): what a
// query string carries, parsed as the service takes it. Imports no server code.
import { z } from "zod";
import { CompanyId, IntIdParam, PAGE_MAX, queryInt } from "@/lib/validation/common";

/** Comma-separated ids in a query string, at most `max` of them. */
const idList = (max: number, what: string) =>
  z
    .string()
    .max(12 * max)
    .transform((value) => (value ? value.split(",") : []))
    .pipe(z.array(IntIdParam).max(max, { error: `must name at most ${max} ${what}` }));

/**
 * ?company_id=&list_ids=3,7&activity_ids=2: the lists and activities whose reach the composer shows (comma-separated
 * ids, at most 50 lists and 20 activities).
 */
export const SendoutReachQuery = z.object({
  company_id: CompanyId,
  list_ids: idList(50, "lists"),
  activity_ids: idList(20, "activities").default([]),
});

/** ?company_id=&page=: one page of an association's suppressed addresses (the query string's page as digits). */
export const SuppressionListQuery = z.object({ company_id: CompanyId, page: queryInt(1, PAGE_MAX).default(1) });
