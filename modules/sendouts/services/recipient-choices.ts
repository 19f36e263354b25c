// What a sendout may name as its recipients: lists and activities of its own company (400 on the field otherwise).
import "server-only";
import { db } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";

/**
 * Every list must be one of the company's (400 otherwise; inactive lists too: their subscribers still chose them).
 * Returns the ids once each, ascending.
 */
export async function assertListsOfCompany(companyId: string, listIds: number[]): Promise<number[]> {
  const unique = [...new Set(listIds)].sort((a, b) => a - b);
  const found = await db().subscriptionList.findMany({
    where: { id: { in: unique }, companyId },
    select: { id: true },
  });
  const foreign = unique.find((id) => !found.some((l) => l.id === id));
  if (foreign !== undefined)
    throw new ValidationFailed({ list_ids: [`list ${foreign} is not a list of this company`] });
  return unique;
}

/**
 * Every activity must be one of the company's (400 otherwise, like a list): the sendout reaches its participants'
 * contacts, who are the company's to write to. Returns the ids once each, ascending.
 */
export async function assertActivitiesOfCompany(companyId: string, activityIds: number[]): Promise<number[]> {
  const unique = [...new Set(activityIds)].sort((a, b) => a - b);
  if (!unique.length) return unique;
  const found = await db().activity.findMany({ where: { id: { in: unique }, companyId }, select: { id: true } });
  const foreign = unique.find((id) => !found.some((a) => a.id === id));
  if (foreign !== undefined)
    throw new ValidationFailed({ activity_ids: [`activity ${foreign} is not an activity of this company`] });
  return unique;
}
