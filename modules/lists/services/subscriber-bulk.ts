// Bulk actions on a list's subscribers from the dashboard: unsubscribe the chosen ones and export them. The chosen
// ones are members picked on a page of the table (each must be a subscriber of this list, or nothing happens:
// another organization's ids answer as missing) or every subscriber matching the table's search and status.
// Unsubscribing goes through the subscriptions service's deactivateSubscription for each, so slots, webhooks and
// the record of who ended it are those of a staff unsubscribe of one; the audit log gets one entry with the count.
import "server-only";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import type { Lang } from "@/lib/i18n/lang";
import type { BulkSelectionInput } from "../schemas/subscriber-bulk";
import { requirePermission } from "@/modules/access/services/access-checks";
import { recordAudit } from "@/modules/audit/services/audit";
import type { Caller } from "@/modules/access/services/caller";
import { subscriberWhere, type SubscriberFilter } from "./subscribers";
import { subscribersCsv } from "./subscribers-export";
import { listInScope } from "./lists";
import { deactivateSubscription } from "./subscriptions";

/** A long list's unsubscribe is one transaction (all or nothing, with its one audit entry). */
const BULK_TRANSACTION = { timeout: 120_000, maxWait: 10_000 };

/** The selection as the table's filter; picked members must all be subscribers of the list. */
async function filterOf(listId: number, selection: BulkSelectionInput): Promise<SubscriberFilter> {
  if ("matching" in selection) return selection.matching;
  const ids = [...new Set(selection.member_ids)];
  const found = await db().subscription.count({ where: { listId, memberId: { in: ids } } });
  if (found !== ids.length) throw new NotFound("member not found");
  return { member_ids: ids };
}

/** Ends the chosen subscriptions (active and pending ones; the others are left as they are); how many ended. */
export async function bulkUnsubscribe(
  caller: Caller,
  listId: number,
  selection: BulkSelectionInput,
): Promise<{ unsubscribed: number }> {
  const list = await listInScope(caller, listId);
  requirePermission(caller, "SUBSCRIPTION_LIST.U");
  const where = {
    AND: [subscriberWhere(listId, await filterOf(listId, selection)), { status: { in: ["SUBSCRIBED", "PENDING"] } }],
  };
  const unsubscribed = await db().$transaction(async (tx) => {
    const chosen = await tx.subscription.findMany({ where, select: { memberId: true }, orderBy: { id: "asc" } });
    for (const { memberId } of chosen) await deactivateSubscription(tx, listId, memberId, "ADMIN");
    if (chosen.length > 0) {
      await recordAudit(tx, caller, {
        action: "subscription.bulk_unsubscribe",
        objectType: "subscription_list",
        objectId: listId,
        companyId: list.companyId,
        summary: `${chosen.length} subscribers on ${list.name}`,
      });
    }
    return chosen.length;
  }, BULK_TRANSACTION);
  return { unsubscribed };
}

/** The CSV export of the list (subscribers-export.ts) restricted to the picked members. */
export async function selectedSubscribersCsv(caller: Caller, listId: number, memberIds: number[], lang: Lang) {
  await listInScope(caller, listId);
  return subscribersCsv(caller, listId, await filterOf(listId, { member_ids: memberIds }), lang);
}
