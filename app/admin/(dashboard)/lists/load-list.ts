// The list of a /admin/lists/<id>/… page, or the lists' not-found page: an id that is no number, a list that does not
// exist and a list outside the caller's scope all look the same (the page does not tell which lists exist elsewhere).
import "server-only";
import { notFound } from "next/navigation";
import type { Caller } from "@/lib/services/access";
import { Forbidden, NotFound } from "@/lib/errors";
import { getList } from "@/lib/services/subscription-lists";
import { IntIdParam } from "@/lib/validation/common";

export async function loadList(caller: Caller, rawId: string) {
  const id = IntIdParam.safeParse(rawId);
  if (!id.success || !caller.modules.has("subscription_list")) notFound();
  try {
    return await getList(caller, id.data);
  } catch (error) {
    if (error instanceof NotFound || error instanceof Forbidden) notFound();
    throw error;
  }
}
