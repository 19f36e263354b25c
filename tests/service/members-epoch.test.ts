// The members epoch on PostgreSQL (migration 20261127100000_members_epoch): every subscribe moves it, so a bump must
// never wait on another transaction. Twenty transactions, more than there are shards, each add a member and stay open
// while the others do the same: none waits (each takes a shard nobody holds, or adds one), and once they commit the
// epoch has moved by exactly one per transaction. Real connections of their own, as concurrent requests would hold.
import crypto from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readCacheEpochs } from "@/lib/cache/cache-epochs";
import { db } from "@/lib/db";
import { makeCompany } from "../helpers";
import { useDatabaseOfOwn } from "../process-fixtures";

const postgres = inject("provider") === "postgres";
const TRANSACTIONS = 20;

const insertMember = (client: pg.Client, companyId: string) =>
  client.query(`INSERT INTO "Member" ("uuid", "organizationId", "email", "updatedAt") VALUES ($1, $2, $3, now())`, [
    crypto.randomUUID(),
    companyId,
    `epok-${crypto.randomUUID()}@example.se`,
  ]);

/** `work`, or a failure after `ms`: a bump that waited on another open transaction would never finish. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  );
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(postgres)("the members epoch on PostgreSQL", () => {
  // A database of its own: other files' members would move the epoch between two readings.
  let database: Awaited<ReturnType<typeof useDatabaseOfOwn>>;
  beforeAll(async () => {
    database = await useDatabaseOfOwn();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("moves once per transaction, and no bump waits on another open transaction", async () => {
    const company = await makeCompany("Epokföreningen");
    const clients = Array.from({ length: TRANSACTIONS }, () => new pg.Client({ connectionString: database.url }));
    try {
      await Promise.all(clients.map((client) => client.connect()));
      const before = (await readCacheEpochs())!.members;
      for (const client of clients) {
        await client.query("BEGIN");
        // Two statements that bump: the second finds the transaction's note and leaves the epoch alone.
        await within(5000, insertMember(client, company.id));
        await within(5000, insertMember(client, company.id));
      }
      expect((await readCacheEpochs())!.members, "nothing is visible before the commits").toBe(before);
      for (const client of clients) await client.query("COMMIT");
      expect((await readCacheEpochs())!.members).toBe(before + TRANSACTIONS);
      const shards = await db().$queryRaw<
        { name: string }[]
      >`SELECT "name" FROM "CacheEpoch" WHERE "name" LIKE 'members.%'`;
      expect(shards.length, "shards added while all 16 were held").toBeGreaterThanOrEqual(TRANSACTIONS);
    } finally {
      await Promise.all(clients.map((client) => client.end().catch(() => {})));
    }
  });

  it("a rolled-back change leaves the epoch where it was", async () => {
    const company = await makeCompany("Ångerföreningen");
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const before = (await readCacheEpochs())!.members;
      await client.query("BEGIN");
      await insertMember(client, company.id);
      await client.query("ROLLBACK");
      expect((await readCacheEpochs())!.members).toBe(before);
      await insertMember(client, company.id);
      expect((await readCacheEpochs())!.members).toBe(before + 1);
    } finally {
      await client.end();
    }
  });
});
