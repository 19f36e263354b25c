// Bulk actions on the member screen: which members (the ticked ones, or every member the screen's search matches) and
// what to do with them (add to a list, export). Shared by the server actions, the export route and the browser.
import { z } from "zod";
import { IntId } from "@/lib/validation/common";

/** At most this many ticked members travel by id; beyond it, "all matching" sends the search instead. */
const BULK_IDS_MAX = 1000;
/** At most this many members in one bulk action (all matching included). */
export const BULK_MEMBERS_MAX = 10_000;

/**
 * The ticked members by id, or every member matching the member screen's search, given as that screen's address
 * query (`statuses=ACTIVE&q=…`, read by MemberSearchQuery). Exactly one of the two.
 */
const MemberSelection = z.union([
  z.strictObject({ member_ids: z.array(IntId).min(1).max(BULK_IDS_MAX) }),
  z.strictObject({ matching: z.string().max(4000) }),
]);
export type MemberSelectionInput = z.output<typeof MemberSelection>;

export const BulkAddToListRequest = z.strictObject({ list_id: IntId, selection: MemberSelection });

/** What adding to a list did, person by person counted once. */
export const BulkAddToListResult = z.object({
  list_id: z.number().int(),
  /** Members the selection named that the caller may see. */
  selected: z.number().int(),
  added: z.number().int(),
  already_subscribed: z.number().int(),
  /** Left the list or opted out of everything themselves: only they can subscribe again (by email). */
  opted_out: z.number().int(),
  /** Their address is suppressed (bounces, complaints, staff): no sendout reaches them. */
  suppressed: z.number().int(),
  no_email: z.number().int(),
  /** Members of another organization than the list's. */
  other_organization: z.number().int(),
});

/** GET /admin/api/members/export.csv: `ids` (comma-separated) or `matching` (the screen's search as its address query). */
export const MemberExportQuery = z
  .object({
    ids: z.string().max(12_000).optional(),
    matching: z.string().max(4000).optional(),
  })
  .transform((q, ctx): MemberSelectionInput => {
    if (q.ids !== undefined && q.matching === undefined) {
      const ids = q.ids.split(",").filter(Boolean).map(Number);
      const parsed = z.array(IntId).min(1).max(BULK_IDS_MAX).safeParse(ids);
      if (parsed.success) return { member_ids: parsed.data };
      ctx.addIssue({ code: "custom", path: ["ids"], message: `list 1 to ${BULK_IDS_MAX} member ids, comma-separated` });
      return z.NEVER;
    }
    if (q.matching !== undefined && q.ids === undefined) return { matching: q.matching };
    ctx.addIssue({ code: "custom", path: ["ids"], message: "give either ids or matching" });
    return z.NEVER;
  });
