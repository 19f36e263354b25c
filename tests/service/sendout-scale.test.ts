// Fixing the recipients of a sendout to 100,000 subscribers is one INSERT … SELECT in the database and takes seconds:
// the people never pass through this process. Statements are counted at the driver's query log.
import { beforeAll, describe, expect, it } from "vitest";
import { db, watchStatements } from "@/lib/db";
import { operatorCaller } from "@/modules/access/services/caller";
import { createList } from "@/modules/lists/services/lists";
import { countSendoutRecipients } from "@/modules/sendouts/services/recipients";
import { cancelSendout, sendSendout } from "@/modules/sendouts/services/states";
import { createSendout } from "@/modules/sendouts/services/sendouts";
import { CreateSendoutRequest } from "@/modules/sendouts/schemas/sendout";
import { makeCompany } from "../helpers";

const PEOPLE = 100_000;
const op = operatorCaller();
let companyId: string;
let lists: number[];

beforeAll(async () => {
  const company = await makeCompany("Storförbundet");
  companyId = company.id;
  lists = [
    (await createList(op, { name: "Alla", company_id: companyId })).id,
    (await createList(op, { name: "Hälften", company_id: companyId })).id,
  ];
  const now = new Date();
  await db().$executeRaw`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${PEOPLE})
    INSERT INTO "Member" ("uuid", "organizationId", "email", "firstname", "createdAt", "updatedAt")
    SELECT ${companyId} || '-' || i, ${companyId}, 'skala' || i || '@example.se', 'Person' || i, ${now}, ${now} FROM n`;
  // Everyone on the first list, every other person on the second too: 50,000 overlaps to fold.
  await db().$executeRaw`
    INSERT INTO "Subscription" ("listId", "memberId", "status", "source", "subscribedAt")
    SELECT ${lists[0]}, "id", 'SUBSCRIBED', 'ADMIN', ${now} FROM "Member" WHERE "organizationId" = ${companyId}`;
  await db().$executeRaw`
    INSERT INTO "Subscription" ("listId", "memberId", "status", "source", "subscribedAt")
    SELECT ${lists[1]}, "id", 'SUBSCRIBED', 'ADMIN', ${now} FROM "Member" WHERE "organizationId" = ${companyId} AND "id" % 2 = 0`;
}, 120_000);

describe("a sendout to 100,000 people", () => {
  it(
    "counts and fixes its recipients in the database, each person once, in seconds",
    { timeout: 120_000 },
    async () => {
      expect(await countSendoutRecipients(op, companyId, lists)).toEqual({
        recipients: PEOPLE,
        opted_out: 0,
        suppressed: 0,
      });
      const sendout = await createSendout(
        op,
        CreateSendoutRequest.parse({
          company_id: companyId,
          list_ids: lists,
          subject: "Till alla",
          html: "<p>Hej</p>",
        }),
      );
      const watch = watchStatements();
      const started = performance.now();
      let view;
      let seconds = Infinity;
      try {
        view = await sendSendout(op, sendout.id, {});
        seconds = (performance.now() - started) / 1000;
      } finally {
        watch.stop();
        // At once: the delivery tests' worker rounds (same database) would otherwise spend themselves on these rows.
        await cancelSendout(op, sendout.id);
      }
      expect(view).toMatchObject({ status: "SENDING", counts: { recipients: PEOPLE } });
      expect(seconds).toBeLessThan(20);
      expect(watch.statements.filter((sql) => /INSERT INTO "SendoutRecipient"/.test(sql))).toHaveLength(1);
      expect(watch.statements.length).toBeLessThan(30);
      const byList = await db().sendoutRecipient.groupBy({
        by: ["listId"],
        where: { sendoutId: sendout.id },
        _count: { _all: true },
      });
      expect(byList.map((g) => [g.listId, g._count._all])).toEqual([[Math.min(...lists), PEOPLE]]);
    },
  );
});
