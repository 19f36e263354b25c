// The list of a /admin/lists/<id>/… page, or the lists' not-found page: an id that is no number, a list that does not
// exist and a list outside the caller's scope all look the same (the page does not tell which lists exist elsewhere).
import "server-only";
import { notFound } from "next/navigation";
import { readOrNotFound } from "@/lib/auth/session";
import type { Caller } from "@/modules/access/services/caller";
import { getList } from "@/modules/lists/services/lists";
import { IntIdParam } from "@/lib/validation/common";

export async function loadList(caller: Caller, rawId: string) {
  const id = IntIdParam.safeParse(rawId);
  if (!id.success) notFound();
  // Without the subscription_list module, getList refuses (403), which readOrNotFound shows as not found too.
  return readOrNotFound(() => getList(caller, id.data));
}
