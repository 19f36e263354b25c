// A list's figures over time (modules/lists/services/figures.ts): new subscriptions, unsubscribes and the active total
// per Swedish day, for 30, 90 or 365 days; refused outside the caller's scope or module.
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { Forbidden, NotFound } from "@/lib/errors";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { listFigures } from "@/modules/lists/services/figures";
import { createList } from "@/modules/lists/services/lists";
import { makeCompany } from "../helpers";

const DAY = 86_400_000;
const stockholmDay = (ms: number) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(new Date(ms));

/** A subscription of a new member, subscribed `daysAgo` days ago and unsubscribed `leftDaysAgo` days ago if given. */
async function subscription(listId: number, companyId: string, subscribedAt: Date, unsubscribedAt: Date | null = null) {
  const member = await db().member.create({
    data: { uuid: randomUUID(), organizationId: companyId, email: `${randomUUID()}@example.org` },
  });
  await db().subscription.create({
    data: {
      listId,
      memberId: member.id,
      status: unsubscribedAt ? "UNSUBSCRIBED" : "SUBSCRIBED",
      source: "ADMIN",
      subscribedAt,
      unsubscribedAt,
    },
  });
  return member;
}

const scopedTo = (companyId: string): Caller => ({
  ...operatorCaller(),
  kind: "admin_user",
  actor: "admin:club@example.org",
  scope: { kind: "companies", companyIds: [companyId], includeDescendants: true },
});

describe("list figures", () => {
  it("counts subscriptions and unsubscribes per Swedish day and walks the total back from the active count", async () => {
    const company = await makeCompany("Sifferklubben");
    const list = await createList(operatorCaller(), { name: "Siffror", company_id: company.id });
    const now = Date.now();
    const today = new Date(now);
    const twoDaysAgo = new Date(now - 2 * DAY);
    const fortyDaysAgo = new Date(now - 40 * DAY);
    await subscription(list.id, company.id, today);
    await subscription(list.id, company.id, today);
    await subscription(list.id, company.id, twoDaysAgo, today);
    await subscription(list.id, company.id, fortyDaysAgo);
    await subscription(list.id, company.id, fortyDaysAgo, twoDaysAgo);
    // A pending subscribe is not a subscription yet.
    const pendingMember = await db().member.create({
      data: { uuid: randomUUID(), organizationId: company.id, email: "pending@example.org" },
    });
    await db().subscription.create({
      data: {
        listId: list.id,
        memberId: pendingMember.id,
        status: "PENDING",
        source: "PUBLIC_FORM",
        subscribedAt: today,
      },
    });
    await db().subscriptionList.update({ where: { id: list.id }, data: { activeCount: 3 } });

    const month = await listFigures(operatorCaller(), list.id, 30);
    expect(month.days).toBe(30);
    expect(month.per_day).toHaveLength(30);
    expect(month.per_day.at(-1)).toEqual({ date: stockholmDay(now), subscribed: 2, unsubscribed: 1, total: 3 });
    expect(month.per_day.at(-3)).toEqual({
      date: stockholmDay(now - 2 * DAY),
      subscribed: 1,
      unsubscribed: 1,
      total: 2,
    });
    expect(month.per_day.at(-2)).toMatchObject({ subscribed: 0, unsubscribed: 0, total: 2 });
    expect(month.per_day[0]).toMatchObject({ date: stockholmDay(now - 29 * DAY), total: 2 });
    expect(month.per_day.reduce((n, d) => n + d.subscribed, 0)).toBe(3);

    const quarter = await listFigures(operatorCaller(), list.id, 90);
    expect(quarter.per_day).toHaveLength(90);
    expect(quarter.per_day.find((d) => d.date === stockholmDay(now - 40 * DAY))).toEqual({
      date: stockholmDay(now - 40 * DAY),
      subscribed: 2,
      unsubscribed: 0,
      total: 2,
    });
    expect(quarter.per_day[0].total).toBe(0);
    expect((await listFigures(operatorCaller(), list.id, 365)).per_day).toHaveLength(365);
  });

  it("has one entry for each calendar day late in the evening across a change of Swedish time, in winter and in summer", async () => {
    const company = await makeCompany("Sommartidsklubben");
    const list = await createList(operatorCaller(), { name: "Klockan", company_id: company.id });
    // 23:30 in Stockholm: 24-hour steps back from here crossed midnight on the far side of a change of offset.
    const cases = [
      { now: "2026-11-28T22:30:00Z", days: 90, first: "2026-08-31", last: "2026-11-28" }, // across 25 October (25 hours)
      { now: "2027-04-15T21:30:00Z", days: 30, first: "2027-03-17", last: "2027-04-15" }, // across 28 March (23 hours)
      { now: "2026-11-28T22:30:00Z", days: 365, first: "2025-11-29", last: "2026-11-28" },
    ];
    for (const { now, days, first, last } of cases) {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(now) });
      try {
        const dates = (await listFigures(operatorCaller(), list.id, days)).per_day.map((day) => day.date);
        expect(dates).toHaveLength(days);
        expect([dates[0], dates.at(-1)]).toEqual([first, last]);
        // Consecutive: each date the day after the one before.
        expect(dates.slice(1).every((date, i) => Date.parse(date) - Date.parse(dates[i]) === DAY)).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    }
  });

  it("refuses another organization's list as missing, and a caller without the list module", async () => {
    const mine = await makeCompany("Egen klubb");
    const theirs = await makeCompany("Annan klubb");
    const list = await createList(operatorCaller(), { name: "Deras", company_id: theirs.id });
    await expect(listFigures(scopedTo(mine.id), list.id, 30)).rejects.toThrow(NotFound);
    await expect(listFigures(scopedTo(theirs.id), list.id, 30)).resolves.toMatchObject({ days: 30 });
    await expect(listFigures({ ...scopedTo(theirs.id), modules: new Set(["member"]) }, list.id, 30)).rejects.toThrow(
      Forbidden,
    );
    await expect(listFigures(operatorCaller(), 999_999_999, 30)).rejects.toThrow(NotFound);
  });
});
