// Bulk actions on a list's subscribers (the subscribers table): which rows are chosen (members picked on the page,
// at most a page, or every subscriber matching the table's search and status), and the answers.
import { z } from "zod";
import { IntId } from "@/lib/validation/common";
import { SubscribersExportQuery } from "./subscription";

/** The largest page of the table: a selection of rows is at most one page. */
const BULK_SELECTION_MAX = 100;

const BulkSelection = z.union([
  z.object({
    member_ids: z
      .array(IntId, { error: "must be an array of member ids" })
      .min(1, { error: "choose at least one" })
      .max(BULK_SELECTION_MAX),
  }),
  z.object({ matching: SubscribersExportQuery }),
]);
export type BulkSelectionInput = z.output<typeof BulkSelection>;

export const BulkUnsubscribeRequest = z.object({ id: IntId, selection: BulkSelection });

export const BulkUnsubscribeResult = z.object({ unsubscribed: z.number().int() });

/** GET …/subscribers/selected.csv?member_ids=1,2,3 */
export const SelectedSubscribersQuery = z.object({
  member_ids: z
    .string({ error: "required" })
    .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/, { error: "must be member ids separated by commas" })
    .transform((text) => [...new Set(text.split(",").map(Number))])
    .pipe(z.array(IntId).max(BULK_SELECTION_MAX, { error: `at most ${BULK_SELECTION_MAX} members` })),
});
