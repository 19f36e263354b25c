// The raw statements of a SQLite client run on the driver (lib/sqlite-direct.ts), in a transaction and outside one.
// They must bind the same values and return the same rows as Prisma's own path (a plain client on the same file), to
// the type: a caller cannot tell which path ran. And a statement outside a transaction waits for the open one, on
// either path. Runs on a file of its own on either run of the suite (the path is SQLite's).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { createClient, isUniqueViolation, likeSubstring, Prisma, watchStatements, type Db } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/database-errors";
import { applyMigrations } from "@/lib/migrate-deploy";
import { expectRefusedOnceEnded, expectRunOnceAwaited, expectSentWhenCalled } from "../direct-statements-contract";

const file = path.resolve("data", "test", `direct_${crypto.randomBytes(4).toString("hex")}.db`);
let client: Db;
/** Prisma's own path: a plain client, without lib/db.ts's direct statements, on the same file. */
let prisma: InstanceType<typeof PrismaClient>;

beforeAll(async () => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  applyMigrations(`file:${file}`);
  client = createClient(`file:${file}`);
  prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 5000 }) });
  await client.$executeRawUnsafe(
    `CREATE TABLE "Probe" ("id" INTEGER NOT NULL PRIMARY KEY, "i" INTEGER, "d" DATETIME, "b" BOOLEAN, "t" TEXT, UNIQUE ("t"))`,
  );
});

afterAll(async () => {
  await client.$disconnect();
  await prisma.$disconnect();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

const at = new Date("2026-11-28T07:30:12.345Z");
const insert = (id: number, t: string | null, b: boolean | null = true, d: Date | null = at, i: number | null = 42) =>
  Prisma.sql`INSERT INTO "Probe" ("id", "i", "d", "b", "t") VALUES (${id}, ${i}, ${d}, ${b}, ${t})`;
/** Every declared type of a column, and untyped expressions of each kind a value can have. */
const readBack = (ids: number[]) => Prisma.sql`
  SELECT p."id", p."i", p."d", p."b", p."t", typeof(p."d") AS "dStoredAs", typeof(p."b") AS "bStoredAs",
    COUNT(*) OVER () AS "count", EXISTS (SELECT 1 FROM "Probe" WHERE "b") AS "exists", p."i" / 8.0 AS "real",
    MAX(p."d") OVER () AS "latest", NULL AS "nothing", 'text' AS "literal", p."b" AND 1 AS "boolExpression"
  FROM "Probe" p WHERE p."id" IN (${Prisma.join(ids)}) ORDER BY p."id"`;

describe("raw statements in a SQLite transaction", () => {
  it("the schema declares only the column types the direct path reads", async () => {
    const types = await client.$queryRaw<{ type: string }[]>`
      SELECT DISTINCT upper(c."type") AS "type" FROM sqlite_master m, pragma_table_info(m."name") c
      WHERE m."type" = 'table' AND m."name" NOT LIKE 'sqlite_%' AND m."name" NOT IN ('_prisma_migrations', 'Probe')`;
    expect(types.map((row) => row.type).sort()).toEqual(["BOOLEAN", "DATETIME", "INTEGER", "TEXT"]);
  });

  it("bind values as Prisma binds them and return rows as Prisma returns them", async () => {
    await prisma.$executeRaw(insert(1, "prisma"));
    await prisma.$executeRaw(insert(2, null, false, null, null));
    let changes = 0;
    await client.$transaction(async (tx) => {
      changes =
        (await tx.$executeRaw(insert(11, "direct"))) + (await tx.$executeRaw(insert(12, null, false, null, null)));
    });
    expect(changes).toBe(2);

    const throughPrisma = await prisma.$queryRaw<Record<string, unknown>[]>(readBack([1, 2]));
    const direct = await client.$transaction((tx) => tx.$queryRaw<Record<string, unknown>[]>(readBack([11, 12])));
    // All but what differs by design: the ids, the text written and the count over rows of both paths.
    const alike = (rows: Record<string, unknown>[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !["id", "t", "count"].includes(key))));
    expect(alike(direct)).toStrictEqual(alike(throughPrisma));
    // The same rows read both ways, to the type (Date, boolean, number, BigInt, null).
    const all = readBack([1, 2, 11, 12]);
    expect(await client.$transaction((tx) => tx.$queryRaw(all))).toStrictEqual(await prisma.$queryRaw(all));
    expect(await client.$queryRaw(all)).toStrictEqual(await prisma.$queryRaw(all));
    expect(direct[0]).toMatchObject({
      i: 42,
      d: at,
      b: true,
      t: "direct",
      dStoredAs: "text",
      bStoredAs: "integer",
      exists: 1n,
      nothing: null,
    });
    // A statement that returns nothing, through $queryRaw, answers an empty list on both paths.
    const update = Prisma.sql`UPDATE "Probe" SET "i" = "i" + 1 WHERE "id" = ${1}`;
    expect(await client.$transaction((tx) => tx.$queryRaw(update))).toStrictEqual(await prisma.$queryRaw(update));
    expect(await client.$queryRaw(update)).toStrictEqual(await prisma.$queryRaw(update));
    expect(await client.$executeRaw(update)).toBe(await prisma.$executeRaw(update));
  });

  it("give a LIKE the escape Prisma's statements get: a typed % matches only itself", async () => {
    await client.$executeRaw(insert(61, "100% ideell"));
    await client.$executeRaw(insert(62, "1000 ideella"));
    const search = Prisma.sql`SELECT "id" FROM "Probe" WHERE "t" LIKE ${likeSubstring("100%")} ORDER BY "id"`;
    expect(await client.$queryRaw(search)).toEqual([{ id: 61 }]);
    expect(await client.$transaction((tx) => tx.$queryRaw(search))).toEqual([{ id: 61 }]);
  });

  it("run inside the transaction: a rolled-back one leaves nothing", async () => {
    await expect(
      client.$transaction(async (tx) => {
        await tx.$executeRaw(insert(21, "rolled back"));
        expect(await tx.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${21}`).toEqual([{ id: 21 }]);
        throw new Error("give up");
      }),
    ).rejects.toThrow("give up");
    expect(await client.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${21}`).toEqual([]);
  });

  it("fail as Prisma's do: a refused statement carries the adapter's error, and is no outage", async () => {
    await client.$executeRaw(insert(31, "taken"));
    const viaPrisma = await prisma.$executeRaw(insert(32, "taken")).catch((error: unknown) => error);
    const direct = await client
      .$transaction((tx) => tx.$executeRaw(insert(33, "taken")))
      .catch((error: unknown) => error);
    const directOutside = await client.$executeRaw(insert(34, "taken")).catch((error: unknown) => error);
    const cause = (error: unknown) =>
      (error as { meta: { driverAdapterError: { cause: unknown } } }).meta.driverAdapterError.cause;
    expect(directOutside).toMatchObject({ code: "P2010" });
    expect(cause(directOutside)).toMatchObject({
      originalCode: "SQLITE_CONSTRAINT_UNIQUE",
      kind: "UniqueConstraintViolation",
    });
    expect(direct).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect(direct).toMatchObject({
      code: "P2010",
      message: expect.stringContaining("UNIQUE constraint failed: Probe.t"),
    });
    expect(cause(direct)).toMatchObject({
      originalCode: "SQLITE_CONSTRAINT_UNIQUE",
      kind: "UniqueConstraintViolation",
    });
    expect(viaPrisma).toMatchObject({ code: "P2010" });
    expect(cause(viaPrisma)).toMatchObject({
      originalCode: "SQLITE_CONSTRAINT_UNIQUE",
      kind: "UniqueConstraintViolation",
    });
    expect(isDatabaseUnavailable(direct)).toBe(false);
    expect(isUniqueViolation(direct)).toBe(isUniqueViolation(viaPrisma));
  });

  it("are refused once their transaction has ended, and write nothing", () =>
    expectRefusedOnceEnded(client, insert, [41, 42]));

  it("run on the driver: a statement has run when the call returns (Prisma's runs only once awaited)", () =>
    expectSentWhenCalled(client, insert, 51));

  it("are counted with the statements Prisma sends", async () => {
    const watch = watchStatements();
    await client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${1}`;
    });
    watch.stop();
    expect(watch.statements.filter((sql) => sql.includes('FROM "Probe"'))).toHaveLength(1);
  });
});

describe("statements outside a transaction", () => {
  const ids = (range: string) =>
    client.$queryRaw<{ id: number }[]>(Prisma.sql`SELECT "id" FROM "Probe" WHERE "t" LIKE ${range} ORDER BY "id"`);

  it("wait for the open transaction: its rollback does not take their writes with it, nor do they read what it wrote", async () => {
    // Before: the adapter ran them on its one connection at once, inside whatever transaction was open there.
    let outside: Promise<unknown>[] = [];
    const order: string[] = [];
    await expect(
      client.$transaction(async (tx) => {
        await tx.$executeRaw(insert(71, "outside 0: the transaction's"));
        outside = [
          client.$executeRaw(insert(72, "outside 1: raw")),
          client.$executeRawUnsafe(`INSERT INTO "Probe" ("id", "t") VALUES (73, 'outside 2: unsafe')`),
          client.grant.create({ data: { uuid: crypto.randomUUID(), name: "outside 3: model", descr: "" } }),
          ids("outside 0%").then((rows) => order.push(`read ${rows.map((row) => row.id).join(",")}`)),
        ];
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push("transaction ends");
        throw new Error("give up");
      }),
    ).rejects.toThrow("give up");
    await Promise.all(outside);
    expect(order).toEqual(["transaction ends", "read "]);
    expect(await ids("outside %")).toEqual([{ id: 72 }, { id: 73 }]);
    expect(await client.grant.count({ where: { name: "outside 3: model" } })).toBe(1);
  });

  it("run once awaited, as Prisma's do: one never awaited writes nothing", () =>
    expectRunOnceAwaited(client, insert, [81, 82]));

  it("are refused by $transaction([...]), which takes Prisma's own (the ...Unsafe variants), and write nothing", async () => {
    expect(() => client.$transaction([client.$executeRaw(insert(91, "in a batch"))])).toThrow(/Prisma Client promises/);
    await client.$transaction([
      client.$executeRawUnsafe(`INSERT INTO "Probe" ("id", "t") VALUES (92, 'in a batch, unsafe')`),
    ]);
    expect(await client.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" IN (91, 92)`).toEqual([{ id: 92 }]);
  });
});
