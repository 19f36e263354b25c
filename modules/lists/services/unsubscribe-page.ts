// What the hosted unsubscribe page (/unsubscribe/<list_uuid>/<member_uuid>) shows: where the person stands with the
// list, so reopening the link after leaving says so (and offers the undo while it works) instead of offering to
// leave again. The two uuids come in the member's own mail (every sendout of the list carries them); a pair that
// names no subscription reads as "subscribed", the page of old, which says nothing about what exists.
import "server-only";
import { db } from "@/lib/db";
import { isUuid } from "@/lib/validation/common";
import { undoableWhere } from "./subscriptions";

type UnsubscribePageState = "subscribed" | "pending" | "unsubscribed";

export interface UnsubscribePage {
  /** The list's name, or null for an unknown list uuid. */
  listName: string | null;
  state: UnsubscribePageState;
  /** "Subscribe again" would work now (undoUnsubscribe's rule). */
  canUndo: boolean;
}

export async function unsubscribePage(listUuid: string, memberUuid: string): Promise<UnsubscribePage> {
  if (!isUuid(listUuid)) return { listName: null, state: "subscribed", canUndo: false };
  const list = await db().subscriptionList.findUnique({ where: { uuid: listUuid }, select: { id: true, name: true } });
  if (!list || !isUuid(memberUuid)) return { listName: list?.name ?? null, state: "subscribed", canUndo: false };
  const subscription = await db().subscription.findFirst({
    where: { listId: list.id, member: { uuid: memberUuid } },
    select: { status: true },
  });
  if (subscription?.status !== "UNSUBSCRIBED")
    return {
      listName: list.name,
      state: subscription?.status === "PENDING" ? "pending" : "subscribed",
      canUndo: false,
    };
  const undoable = await db().subscription.count({
    where: { listId: list.id, ...undoableWhere(listUuid, memberUuid) },
  });
  return { listName: list.name, state: "unsubscribed", canUndo: undoable > 0 };
}
