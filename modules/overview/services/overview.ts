// The dashboard's overview: members (the count the member register shows), counts of lists, active subscribers and companies by fk_status, and subscriptions and
// unsubscriptions per day for the last 30 days, all within the caller's scope.
import "server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { FK_STATUSES } from "@/modules/companies/schemas/company";
import type { Overview } from "../schemas/overview";
import { inScopeWhere } from "@/modules/access/services/access-checks";
import type { Caller } from "@/modules/access/services/caller";
import { listOfLiveCompany, liveCompany } from "@/lib/live-records";
import { paginateMembers } from "@/modules/members/services/search";

const DAYS = 30;

/** YYYY-MM-DD of a date in UTC: days are counted in UTC so every instance and database agrees. */
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function overview(caller: Caller): Promise<z.output<typeof Overview>> {
  const inScope = await inScopeWhere(caller);
  const since = new Date(Date.now() - (DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const listWhere = { ...listOfLiveCompany, ...inScope };
  const canSeeLists = caller.modules.has("subscription_list");
  const canSeeCompanies = caller.modules.has("company");
  const canSeeMembers = caller.modules.has("member");
  const [members, lists, active, byStatus, subscribed, unsubscribed] = await Promise.all([
    // The member register's own count (its cached order of the scope's members), so both screens say the same.
    canSeeMembers
      ? paginateMembers(caller, { options: {}, orderBy: { created_at: "desc" }, page: 1, limit: 1 }).then(
          (page) => page.count,
        )
      : null,
    canSeeLists ? db().subscriptionList.count({ where: listWhere }) : 0,
    canSeeLists ? db().subscriptionList.aggregate({ where: listWhere, _sum: { activeCount: true } }) : null,
    canSeeCompanies
      ? db().company.groupBy({
          by: ["fkStatus"],
          where: { ...liveCompany, id: inScope.companyId },
          _count: { _all: true },
        })
      : [],
    // Only the timestamps of the window are read (at most one row per event in 30 days), then bucketed by day here:
    // date functions differ between SQLite and PostgreSQL, and this keeps the query the same on both.
    canSeeLists
      ? db().subscription.findMany({
          where: { list: listWhere, subscribedAt: { gte: since } },
          select: { subscribedAt: true },
        })
      : [],
    canSeeLists
      ? db().subscription.findMany({
          where: { list: listWhere, unsubscribedAt: { gte: since } },
          select: { unsubscribedAt: true },
        })
      : [],
  ]);
  const perDay = new Map<string, { date: string; subscribed: number; unsubscribed: number }>();
  for (let i = 0; i < DAYS; i++) {
    const date = day(new Date(since.getTime() + i * 86_400_000));
    perDay.set(date, { date, subscribed: 0, unsubscribed: 0 });
  }
  for (const s of subscribed) {
    const bucket = perDay.get(day(s.subscribedAt));
    if (bucket) bucket.subscribed++;
  }
  for (const s of unsubscribed) {
    const bucket = s.unsubscribedAt && perDay.get(day(s.unsubscribedAt));
    if (bucket) bucket.unsubscribed++;
  }
  const counts = new Map(byStatus.map((g) => [g.fkStatus, g._count._all]));
  return {
    members,
    lists: canSeeLists ? lists : null,
    active_subscribers: canSeeLists ? (active?._sum.activeCount ?? 0) : null,
    companies_by_fk_status: canSeeCompanies
      ? FK_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }))
      : null,
    per_day: canSeeLists ? [...perDay.values()] : null,
  };
}
