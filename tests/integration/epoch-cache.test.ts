// The caches of public list info and API-key callers (lib/cache/epoch-cache.ts): a hit costs no statement through
// Prisma and returns the same object; any change that alters what is cached, made by this process or by another
// connection (another instance, the CLI), is seen by the next read; changes that do not alter it (a subscribe's
// count, a key's last use) keep the cache. The triggers of migration 20261123000000_cache_epochs are what make it so.
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readCacheEpochs } from "@/lib/cache/cache-epochs";
import { watchStatements } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { operatorCaller } from "@/modules/access/services/caller";
import { callerForApiKey } from "@/modules/access/services/api-keys";
import { getCompanyFk, registerJson } from "@/modules/companies/services/companies";
import { getPublicListInfo } from "@/modules/lists/services/public-lists";
import { makeApiKey, makeCompany } from "../helpers";
import { makeList, type ListFixture } from "../subscription-fixtures";

/** A statement through a connection of its own, as another instance or the CLI would write. */
let otherConnection: (sql: string) => Promise<void>;
/** How much a statement bumps each epoch: run between two reads in one transaction holding the epochs' rows. */
let epochBumps: (sql: string) => Promise<Record<string, number>>;
let closeOther: () => Promise<void>;

const EPOCHS = `SELECT "name", "version" FROM "CacheEpoch"`;
/** Each epoch's move, an epoch kept in shards (PostgreSQL's members.0 … members.15) summed as the reader sums it. */
function bumps(
  before: { name: string; version: number }[],
  after: { name: string; version: number }[],
): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const a of after) {
    const epoch = a.name.split(".")[0];
    moved[epoch] =
      (moved[epoch] ?? 0) + Number(a.version) - Number(before.find((b) => b.name === a.name)?.version ?? 0);
  }
  return moved;
}

beforeAll(async () => {
  const url = inject("databaseUrl");
  if (inject("provider") === "postgres") {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    otherConnection = async (sql) => void (await client.query(sql));
    epochBumps = async (sql) => {
      await client.query("BEGIN");
      try {
        const before = (await client.query(`${EPOCHS} FOR UPDATE`)).rows;
        await client.query(sql);
        return bumps(before, (await client.query(EPOCHS)).rows);
      } finally {
        await client.query("ROLLBACK");
      }
    };
    closeOther = () => client.end();
  } else {
    const sqlite = new Database(url.slice("file:".length), { timeout: 5000 });
    otherConnection = async (sql) => void sqlite.exec(sql);
    epochBumps = async (sql) => {
      sqlite.exec("BEGIN IMMEDIATE");
      try {
        const before = sqlite.prepare(EPOCHS).all() as { name: string; version: number }[];
        sqlite.exec(sql);
        return bumps(before, sqlite.prepare(EPOCHS).all() as { name: string; version: number }[]);
      } finally {
        sqlite.exec("ROLLBACK");
      }
    };
    closeOther = async () => void sqlite.close();
  }
});

afterAll(() => closeOther());

/**
 * A repeated read and the statements it sent, from a moment no other test file changed cached data (they run in
 * parallel and bump epochs all the time: every list or company another file makes does; then the read is tried
 * again, after a growing pause so that a burst of writes elsewhere can pass).
 */
async function secondRead<T>(read: () => Promise<T>): Promise<{ first: T; second: T; statements: number }> {
  for (let attempt = 0; ; attempt++) {
    const epochs = await readCacheEpochs();
    const first = await read();
    const watch = watchStatements();
    const second = await read();
    watch.stop();
    if (JSON.stringify(await readCacheEpochs()) === JSON.stringify(epochs) || attempt === 100) {
      return { first, second, statements: watch.statements.length };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(attempt * 10, 200)));
  }
}

describe("public list info cache", () => {
  let list: ListFixture;
  beforeAll(async () => {
    list = await makeList({ termHtml: "<p>Villkor</p>", questions: 2 });
  });

  it("serves a hit without a statement through Prisma, as the same object", async () => {
    const { first, second, statements } = await secondRead(() => getPublicListInfo(list.uuid));
    expect(statements).toBe(0);
    expect(second).toBe(first);
  });

  it("sees a change made by another connection at the next read", async () => {
    const before = await getPublicListInfo(list.uuid);
    await otherConnection(`UPDATE "SubscriptionList" SET "name" = 'Nytt namn' WHERE "id" = ${list.id}`);
    const after = await getPublicListInfo(list.uuid);
    expect(after).not.toBe(before);
    expect(after.name).toBe("Nytt namn");
  });

  it.each([
    [
      "the list deactivated",
      (l: ListFixture) => `UPDATE "SubscriptionList" SET "isActive" = false WHERE "id" = ${l.id}`,
    ],
    [
      "its company deleted",
      (l: ListFixture) => `UPDATE "Company" SET "deletedAt" = CURRENT_TIMESTAMP WHERE "id" = '${l.companyId}'`,
    ],
  ])("answers 404 once %s", async (_, statement) => {
    const other = await makeList();
    await getPublicListInfo(other.uuid);
    await otherConnection(statement(other));
    await expect(getPublicListInfo(other.uuid)).rejects.toBeInstanceOf(NotFound);
  });

  it.each([
    [
      "a question's text",
      (l: ListFixture) => `UPDATE "Property" SET "descr" = 'Ny text' WHERE "id" = ${l.questionIds[0]}`,
    ],
    [
      "a question removed",
      (l: ListFixture) => `DELETE FROM "ListQuestion" WHERE "listId" = ${l.id} AND "propertyId" = ${l.questionIds[1]}`,
    ],
    [
      "the question group's name",
      (l: ListFixture) => `UPDATE "PropertyGroup" SET "name" = 'Ny grupp' WHERE "companyId" = '${l.companyId}'`,
    ],
    [
      "the term's text",
      (l: ListFixture) => `UPDATE "Term" SET "html" = '<p>Nytt</p>' WHERE "companyId" = '${l.companyId}'`,
    ],
  ])("drops the info when %s changes", async (_, statement) => {
    const other = await makeList({ termHtml: "<p>Villkor</p>", questions: 2 });
    const before = await getPublicListInfo(other.uuid);
    await otherConnection(statement(other));
    expect(await getPublicListInfo(other.uuid)).not.toBe(before);
  });

  it("keeps the info while subscribers come and go (the count is not public info)", async () => {
    const statement = `UPDATE "SubscriptionList" SET "activeCount" = "activeCount" + 1, "updatedAt" = CURRENT_TIMESTAMP WHERE "id" = ${list.id}`;
    expect(await epochBumps(statement)).toEqual({
      access: 0,
      public_lists: 0,
      companies: 0,
      webhook_endpoints: 0,
      members: 0,
    });
    expect(await epochBumps(`UPDATE "SubscriptionList" SET "description" = 'x' WHERE "id" = ${list.id}`)).toEqual({
      access: 0,
      public_lists: 1,
      companies: 0,
      webhook_endpoints: 0,
      members: 0,
    });
  });

  it("stores consent HTML sanitized when written, so the cached info needs no sanitizing", async () => {
    const other = await makeList({ termHtml: '<p onclick="x()">Ja<script>alert(1)</script></p>' });
    expect((await getPublicListInfo(other.uuid)).term?.html).toBe("<p>Ja</p>");
  });
});

describe("API-key caller cache", () => {
  it("serves a hit without a statement and forgets a key revoked by another connection", async () => {
    const key = await makeApiKey();
    const { first, second, statements } = await secondRead(() => callerForApiKey(key.id));
    expect(first).not.toBeNull();
    expect(statements).toBe(0);
    expect(second).toBe(first);
    await otherConnection(`UPDATE "ApiKey" SET "revokedAt" = CURRENT_TIMESTAMP WHERE "id" = ${key.id}`);
    expect(await callerForApiKey(key.id)).toBeNull();
  });

  it("sees a narrowed access group at the next read", async () => {
    const key = await makeApiKey({ modules: ["company", "member"] });
    expect((await callerForApiKey(key.id))?.modules.has("member")).toBe(true);
    await otherConnection(
      `UPDATE "AccessGroup" SET "modules" = '["company"]' WHERE "id" = (SELECT "accessGroupId" FROM "ApiKey" WHERE "id" = ${key.id})`,
    );
    expect((await callerForApiKey(key.id))?.modules.has("member")).toBe(false);
  });

  it("keeps callers when a key is merely used (lastUsedAt)", async () => {
    const key = await makeApiKey();
    expect(await epochBumps(`UPDATE "ApiKey" SET "lastUsedAt" = CURRENT_TIMESTAMP WHERE "id" = ${key.id}`)).toEqual({
      access: 0,
      public_lists: 0,
      companies: 0,
      webhook_endpoints: 0,
      members: 0,
    });
    expect(await epochBumps(`UPDATE "ApiKey" SET "name" = 'renamed' WHERE "id" = ${key.id}`)).toEqual({
      access: 1,
      public_lists: 0,
      companies: 0,
      webhook_endpoints: 0,
      members: 0,
    });
  });
});

describe("company enrollment view cache", () => {
  it("serves a hit without a statement and sees fk_status, register and grant changes made by another connection", async () => {
    const company = await makeCompany();
    const read = () => getCompanyFk(operatorCaller(), company.id);
    const { first, second, statements } = await secondRead(read);
    expect(statements).toBe(0);
    expect(second).toBe(first);
    await otherConnection(`UPDATE "Company" SET "fkStatus" = 'ACTIVE' WHERE "id" = '${company.id}'`);
    expect((await read()).fk_status).toBe("ACTIVE");
    await otherConnection(`UPDATE "Company" SET "web" = 'https://example.org' WHERE "id" = '${company.id}'`);
    expect((await read()).web).toBe("https://example.org");
    const grantId = `cache-grant-${company.id}`;
    await otherConnection(`INSERT INTO "Grant" ("uuid", "name", "descr") VALUES ('${grantId}', 'Bidrag', '')`);
    await otherConnection(
      `INSERT INTO "CompanyGrant" ("companyId", "grantId") SELECT '${company.id}', "id" FROM "Grant" WHERE "uuid" = '${grantId}'`,
    );
    expect((await read()).company_grants.map((g) => g.grant.uuid)).toEqual([grantId]);
    await otherConnection(`UPDATE "Grant" SET "name" = 'Nytt namn' WHERE "uuid" = '${grantId}'`);
    expect((await read()).company_grants[0].grant.name).toBe("Nytt namn");
    await otherConnection(`UPDATE "Company" SET "deletedAt" = CURRENT_TIMESTAMP WHERE "id" = '${company.id}'`);
    await expect(read()).rejects.toBeInstanceOf(NotFound);
  });
});

describe("register cache", () => {
  it("serves the serialized register without a statement and sees companies added, renamed or deleted elsewhere", async () => {
    const read = async () => JSON.parse(await registerJson(operatorCaller())) as { name: string; org_number: string }[];
    const { statements } = await secondRead(() => registerJson(operatorCaller()));
    expect(statements).toBe(0);
    const org = `cache-${Date.now()}`;
    await otherConnection(
      `INSERT INTO "Company" ("id", "uuid", "name", "orgNumber", "updatedAt") VALUES ('${org}', '${org}', 'Tillagd', '${org}', CURRENT_TIMESTAMP)`,
    );
    expect((await read()).find((c) => c.org_number === org)?.name).toBe("Tillagd");
    await otherConnection(`UPDATE "Company" SET "name" = 'Omdöpt' WHERE "id" = '${org}'`);
    expect((await read()).find((c) => c.org_number === org)?.name).toBe("Omdöpt");
    await otherConnection(`UPDATE "Company" SET "deletedAt" = CURRENT_TIMESTAMP WHERE "id" = '${org}'`);
    expect((await read()).some((c) => c.org_number === org)).toBe(false);
  });
});
