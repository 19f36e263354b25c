// A list's growth over time for its page: new subscriptions, unsubscribes and the active total per day (in Swedish
// days) over the last 30, 90 or 365 days. One grouped statement: both kinds of event counted per hour on the
// (listId, subscribedAt) and (listId, unsubscribedAt) indexes, so a 100,000-subscriber list answers from at most
// 2 × 8,760 groups; the hours become Swedish days here (Sweden's offsets are whole hours), as SQLite and PostgreSQL
// have no date function in common. The total is walked back from the list's active count.
import "server-only";
import { TZDate } from "@date-fns/tz";
// From its own module: date-fns's index loads all 300 of its modules (3 MB of heap in every server process).
import { subDays } from "date-fns/subDays";
import type { z } from "zod";
import { databaseProvider } from "@/lib/database-url";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { ListFigures } from "../schemas/figures";
import type { Caller } from "@/modules/access/services/caller";
import { listInScope } from "./lists";

const HOUR_MS = 3_600_000;
const stockholmDay = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Stockholm",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
/** YYYY-MM-DD of an instant in Swedish time. */
const dayOf = (ms: number) => stockholmDay.format(new Date(ms));

/** The hour (since the epoch) of a timestamp column, in the provider's SQL (the column holds UTC on both). */
function hourOf(column: "subscribedAt" | "unsubscribedAt"): Prisma.Sql {
  const name = Prisma.raw(`"${column}"`);
  return databaseProvider(env().DATABASE_URL) === "postgres"
    ? Prisma.sql`CAST(FLOOR(EXTRACT(EPOCH FROM ${name}) / 3600) AS INTEGER)`
    : Prisma.sql`CAST(strftime('%s', ${name}) AS INTEGER) / 3600`; // stored as ISO 8601 text
}

export async function listFigures(caller: Caller, listId: number, days: number): Promise<z.output<typeof ListFigures>> {
  const list = await listInScope(caller, listId);
  const now = Date.now();
  // The window: whole Swedish days, today the last, counted back by the calendar: a day across a change of offset is
  // 23 or 25 hours, and steps of 24 hours from late evening skipped a day (a 90-day window had 89 between 23:00 and
  // midnight in winter). An hour more on each side covers that change.
  const today = new TZDate(now, "Europe/Stockholm");
  const dates: string[] = [];
  for (let i = days - 1; i >= 0; i--) dates.push(dayOf(subDays(today, i).getTime()));
  const since = new Date(now - days * 86_400_000 - HOUR_MS);
  const rows = await db().$queryRaw<
    { hour: number | bigint; subscribed: number | bigint; unsubscribed: number | bigint }[]
  >`
    SELECT "hour", SUM("s") AS "subscribed", SUM("u") AS "unsubscribed" FROM (
      SELECT ${hourOf("subscribedAt")} AS "hour", 1 AS "s", 0 AS "u" FROM "Subscription"
        WHERE "listId" = ${listId} AND "subscribedAt" >= ${since} AND "status" <> 'PENDING'
      UNION ALL
      SELECT ${hourOf("unsubscribedAt")} AS "hour", 0 AS "s", 1 AS "u" FROM "Subscription"
        WHERE "listId" = ${listId} AND "unsubscribedAt" >= ${since}
    ) AS "events" GROUP BY "hour"`;
  const perDay = new Map(dates.map((date) => [date, { date, subscribed: 0, unsubscribed: 0, total: 0 }]));
  for (const row of rows) {
    const bucket = perDay.get(dayOf(Number(row.hour) * HOUR_MS));
    if (!bucket) continue;
    bucket.subscribed += Number(row.subscribed);
    bucket.unsubscribed += Number(row.unsubscribed);
  }
  // Active at the end of each day: today's count, less what each later day added.
  const perDayList = [...perDay.values()];
  let total = list.activeCount;
  for (let i = perDayList.length - 1; i >= 0; i--) {
    perDayList[i].total = Math.max(0, total);
    total -= perDayList[i].subscribed - perDayList[i].unsubscribed;
  }
  return { days, active_subscribers: list.activeCount, per_day: perDayList };
}
