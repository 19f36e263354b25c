// What the hosted pages need beyond the public API: the page language's list name for the unsubscribe page.
import { db } from "../db";

/** The list's name for the unsubscribe confirmation, or null (the page then speaks of "this list"). */
export async function listNameForUnsubscribe(listUuid: string): Promise<string | null> {
  const list = await db().subscriptionList.findUnique({ where: { uuid: listUuid }, select: { name: true } });
  return list?.name ?? null;
}
