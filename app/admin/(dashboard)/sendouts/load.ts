// What the sendout pages read besides the sendout: the lists and activities of its association (to choose recipients
// and name a sendout's lists and activities) and the staff member's own address for test copies.
import "server-only";
import type { ActivityChoice, ListChoice, SenderShape } from "@/modules/sendouts/components/types";
import { env } from "@/lib/env";
import { addressOf } from "@/lib/mail/message-id";
import type { Caller } from "@/modules/access/services/caller";
import { listListsOfCompany } from "@/modules/lists/services/lists";
import { listActivities } from "@/modules/activities/services/activities";

/** The association's lists; null when the caller's access lacks the list module (the composer says so). */
export async function listChoices(caller: Caller, companyId: string): Promise<ListChoice[] | null> {
  if (!caller.modules.has("subscription_list")) return null;
  return (await listListsOfCompany(caller, companyId)).map((list) => ({ id: list.id, name: list.name }));
}

/** The association's activities, by name; null when the caller's access lacks the activity module. */
export async function activityChoices(caller: Caller, companyId: string): Promise<ActivityChoice[] | null> {
  if (!caller.modules.has("activity")) return null;
  return (await listActivities(caller, companyId))
    .map((activity) => ({ id: activity.id, name: activity.name }))
    .sort((a, b) => a.name.localeCompare(b.name, "sv") || a.id - b.id);
}

/** Who the association's sendouts are from (the composer's preview shows the From line). */
export function senderOf(organizationName: string): SenderShape {
  return { organizationName, address: addressOf(env().MAIL_FROM) };
}

/** A dashboard user's actor is "admin:<email>": the address a test copy goes to unless they type another. */
export function ownEmail(caller: Caller): string {
  return caller.actor.startsWith("admin:") ? caller.actor.slice("admin:".length) : "";
}
