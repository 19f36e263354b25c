// The demo's newsletter history (lib/bootstrap/demo-history.ts) on the services that show it: a new user's first
// sendout to the list has recipients (some left out as suppressed after a bounce), the sent sendout shows its figures,
// the list and the overview count its subscribers, and the same seed gives the same history. Also the overview's
// member count and the company pickers' start (the caller's own company, not the first by name).
import { describe, expect, it } from "vitest";
import { seedDemoHistory } from "@/lib/bootstrap/demo-history";
import { generateMembers } from "@/lib/bootstrap/member-generator";
import { db } from "@/lib/db";
import { operatorCaller, type Caller } from "@/modules/access/services/caller";
import { homeCompanyId, initialCompanyChoice } from "@/modules/access/services/home-company";
import { overview } from "@/modules/overview/services/overview";
import { countSendoutRecipients } from "@/modules/sendouts/services/recipients";
import { getSendout } from "@/modules/sendouts/services/sendouts";
import { createList, getList } from "@/modules/lists/services/lists";
import { MODULES, PERMISSIONS } from "@/modules/access/schemas/access";
import { makeCompany } from "../helpers";

const op = operatorCaller();
async function demoLike(name: string, now = new Date()) {
  const company = await makeCompany(name);
  await makeCompany(`${name} Friidrott`, company.id);
  await generateMembers(op, { company_id: company.id, members: 80, seed: 7 });
  const list = await createList(op, { company_id: company.id, name: "Nyhetsbrev", double_opt_in: true });
  const history = await seedDemoHistory(op, { companyId: company.id, listId: list.id, subscribers: 50, seed: 11, now });
  return { company, list, history };
}

/** Staff of `companyIds` (with their descendants), every module. */
const staffOf = (companyIds: string[]): Caller => ({
  ...operatorCaller(),
  kind: "admin_user",
  actor: "admin:staff@example.org",
  role: "ADMIN",
  modules: new Set(MODULES),
  permissions: new Set(PERMISSIONS),
  scope: { kind: "companies", companyIds, includeDescendants: true },
});

describe("the demo's newsletter history", () => {
  it("gives a sendout to the list recipients, a sent sendout with figures, and a list whose count matches its rows", async () => {
    const { company, list, history } = await demoLike("Historikförbundet");
    expect(history.subscribed).toBeGreaterThan(20);
    expect(history.unsubscribed).toBeGreaterThan(0);
    expect(history.recipients).toBeGreaterThan(10);
    expect(history.bounced).toBeGreaterThan(0);

    const rows = await db().subscription.groupBy({
      by: ["status"],
      where: { listId: list.id },
      _count: { _all: true },
    });
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r._count._all]));
    expect(byStatus.SUBSCRIBED).toBe(history.subscribed);
    expect((await getList(op, list.id)).active_subscribers).toBe(history.subscribed);
    // Confirmed through the email link (the consent evidence), or added by staff.
    const confirmed = await db().subscription.count({
      where: {
        listId: list.id,
        status: "SUBSCRIBED",
        confirmedVia: { in: ["EMAIL_LINK", "ADMIN"] },
        confirmedAt: { not: null },
      },
    });
    expect(confirmed).toBe(history.subscribed);

    // A new sendout to the list reaches people; the bounced addresses are left out as suppressed.
    const reach = await countSendoutRecipients(op, company.id, [list.id]);
    expect(reach.recipients).toBeGreaterThan(10);
    expect(reach.suppressed).toBeGreaterThan(0);

    const sent = await getSendout(op, history.sendoutId);
    expect(sent.status).toBe("SENT");
    expect(sent.counts.recipients).toBe(history.recipients);
    expect(sent.counts.bounced).toBe(history.bounced);
    expect(sent.counts.sent).toBe(history.recipients - history.bounced);
    expect(sent.counts.unsubscribed).toBeGreaterThan(0);
    expect(
      await db().auditEntry.count({
        where: {
          objectType: "sendout",
          objectId: String(history.sendoutId),
          action: { in: ["sendout.create", "sendout.send"] },
        },
      }),
    ).toBe(2);
  });

  it("is the same for the same seed", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const [a, b] = [await demoLike("Samma frö A", now), await demoLike("Samma frö B", now)];
    expect({ ...a.history, sendoutId: 0 }).toEqual({ ...b.history, sendoutId: 0 });
  });
});

describe("the overview and the company pickers", () => {
  it("count the members in the caller's scope, as the member register does", async () => {
    const { company } = await demoLike("Medlemsräknarna");
    const counts = await overview(staffOf([company.id]));
    expect(counts.members).toBe(80);
    expect(counts.per_day?.some((d) => d.subscribed > 0)).toBe(true);
    expect((await overview({ ...staffOf([company.id]), modules: new Set(["subscription_list"]) })).members).toBeNull();
  });

  it("start on the caller's own company, the root of their scope, not the first by name", async () => {
    const federation = await makeCompany("Ö-förbundet");
    const club = await makeCompany("A-klubben", federation.id);
    const staff = staffOf([federation.id]);
    expect(await homeCompanyId(staff)).toBe(federation.id);
    const choices = [
      { company_id: club.id, name: "A-klubben" },
      { company_id: federation.id, name: "Ö-förbundet" },
    ];
    expect((await initialCompanyChoice(staff, choices, undefined))?.company_id).toBe(federation.id);
    expect((await initialCompanyChoice(staff, choices, club.id))?.company_id).toBe(club.id);
    expect(await homeCompanyId(staffOf([club.id, federation.id]))).toBe(federation.id);
    expect(await homeCompanyId({ ...staff, kind: "api_key", companyId: club.id })).toBe(club.id);
  });
});
