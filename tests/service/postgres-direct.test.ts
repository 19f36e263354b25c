// The raw statements of a PostgreSQL client run on the driver adapter (lib/postgres-direct.ts), in a transaction and
// outside one. They must bind the same values and return the same rows as Prisma's own path (a plain client on the same
// database), to the type, and fail with the same errors: a caller cannot tell which path ran. Runs on a PostgreSQL
// database of its own on either run of the suite (the path is PostgreSQL's).
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/postgres/client";
import { createClient, isUniqueViolation, Prisma, watchStatements, type Db } from "@/lib/db";
import { isDatabaseUnavailable } from "@/lib/database-errors";
import { createMigratedDatabase } from "../../scripts/lib/test-stack";
import { expectRefusedOnceEnded, expectRunOnceAwaited, expectSentWhenCalled } from "../direct-statements-contract";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let client: Db;
/** Prisma's own path: a plain client, without lib/db.ts's direct statements, on the same database. */
let prisma: InstanceType<typeof PrismaClient>;

beforeAll(async () => {
  database = await createMigratedDatabase("postgres");
  client = createClient(database.url);
  prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  await prisma.$executeRawUnsafe(`CREATE TABLE "Probe" (
    "id" INTEGER NOT NULL PRIMARY KEY, "i" INTEGER, "big" BIGINT, "f" DOUBLE PRECISION, "n" NUMERIC(10, 2), "d" TIMESTAMP(3), "b" BOOLEAN,
    "t" TEXT UNIQUE, "j" JSONB, "bytes" BYTEA, "day" DATE, "u" UUID, "tags" TEXT[])`);
}, 60_000);

afterAll(async () => {
  await client?.$disconnect();
  await prisma?.$disconnect();
  await database?.drop();
});

const at = new Date("2026-11-28T07:30:12.345Z");
const insert = (
  id: number,
  t: string | null,
  b: boolean | null = true,
  d: Date | null = at,
  i: number | null = 42,
) => Prisma.sql`
  INSERT INTO "Probe" ("id", "i", "big", "f", "n", "d", "b", "t", "j", "bytes", "day", "u", "tags")
  VALUES (${id}, ${i}, ${i === null ? null : BigInt(i) * 10_000_000_000n}, ${i === null ? null : i / 8}, ${i === null ? null : "12.50"}, ${d}, ${b}, ${t},
    ${i === null ? null : JSON.stringify({ å: [1, "två"] })}::jsonb, ${i === null ? null : Buffer.from([0, 1, 255])}, ${d}::date,
    ${i === null ? null : "6f1e4a52-2d3c-4a5b-9c1d-0e2f3a4b5c6d"}::uuid, ${i === null ? null : ["a", "b"]})`;
/** Every column type, and untyped expressions of each kind a value can have. */
const readBack = (ids: number[]) => Prisma.sql`
  SELECT p.*, COUNT(*) OVER () AS "count", EXISTS (SELECT 1 FROM "Probe" WHERE "b") AS "exists", p."i" / 8.0 AS "ratio",
    MAX(p."d") OVER () AS "latest", NULL AS "nothing", 'text' AS "literal", p."b" AND true AS "boolExpression",
    ${at} AS "boundDate", ${7n} AS "boundBigint", p."d" + interval '1 day' AS "later"
  FROM "Probe" p WHERE p."id" IN (${Prisma.join(ids)}) ORDER BY p."id"`;

describe("raw statements on PostgreSQL's driver adapter", () => {
  it("the schema declares only column types the test reads both ways", async () => {
    const types = await client.$queryRaw<{ type: string }[]>`
      SELECT DISTINCT data_type AS "type" FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name NOT IN ('_prisma_migrations', 'Probe') ORDER BY 1`;
    const probed = [
      "ARRAY",
      "bigint",
      "boolean",
      "bytea",
      "date",
      "double precision",
      "integer",
      "jsonb",
      "numeric",
      "text",
      "timestamp without time zone",
      "uuid",
    ];
    expect(types.map((row) => row.type).filter((type) => !probed.includes(type))).toEqual([]);
  });

  it("bind values as Prisma binds them and return rows as Prisma returns them, in a transaction and outside one", async () => {
    await prisma.$executeRaw(insert(1, "prisma"));
    await prisma.$executeRaw(insert(2, null, false, null, null));
    let changes = 0;
    await client.$transaction(async (tx) => {
      changes =
        (await tx.$executeRaw(insert(11, "direct"))) + (await tx.$executeRaw(insert(12, null, false, null, null)));
    });
    expect(changes).toBe(2);
    await client.$executeRaw(insert(21, "direct outside"));

    const throughPrisma = await prisma.$queryRaw<Record<string, unknown>[]>(readBack([1, 2]));
    const direct = await client.$transaction((tx) => tx.$queryRaw<Record<string, unknown>[]>(readBack([11, 12])));
    // All but what differs by design: the ids, the text written and the count over rows of both paths.
    const alike = (rows: Record<string, unknown>[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !["id", "t", "count"].includes(key))));
    expect(alike(direct)).toStrictEqual(alike(throughPrisma));
    const all = readBack([1, 2, 11, 12, 21]);
    expect(await client.$transaction((tx) => tx.$queryRaw(all))).toStrictEqual(await prisma.$queryRaw(all));
    expect(await client.$queryRaw(all)).toStrictEqual(await prisma.$queryRaw(all));
    expect(direct[0]).toMatchObject({
      i: 42,
      big: 420_000_000_000n,
      f: 5.25,
      d: at,
      b: true,
      t: "direct",
      j: { å: [1, "två"] },
      tags: ["a", "b"],
      exists: true,
      nothing: null,
    });
    expect(direct[0].n).toBeInstanceOf(Prisma.Decimal);
    // A statement that returns nothing, through $queryRaw, answers an empty list on both paths.
    const update = Prisma.sql`UPDATE "Probe" SET "i" = "i" + 1 WHERE "id" = ${1}`;
    expect(await client.$transaction((tx) => tx.$queryRaw(update))).toStrictEqual(await prisma.$queryRaw(update));
    expect(await client.$queryRaw(update)).toStrictEqual(await prisma.$queryRaw(update));
    expect(await client.$executeRaw(update)).toBe(await prisma.$executeRaw(update));
  });

  it("run inside the transaction: a rolled-back one leaves nothing, and Prisma's own statements in it see their writes", async () => {
    await expect(
      client.$transaction(async (tx) => {
        await tx.$executeRaw(insert(31, "rolled back"));
        expect(await tx.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${31}`).toEqual([{ id: 31 }]);
        expect(await tx.$queryRawUnsafe(`SELECT "id" FROM "Probe" WHERE "id" = 31`)).toEqual([{ id: 31 }]);
        throw new Error("give up");
      }),
    ).rejects.toThrow("give up");
    expect(await client.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${31}`).toEqual([]);
  });

  it("keep concurrent transactions apart: each callback's statements run on its own connection", async () => {
    const ids = [41, 42, 43, 44, 45, 46];
    /** Resolves once every transaction has called it: all are open together between two of these. */
    const barrier = () => {
      let arrived = 0;
      let open!: () => void;
      const all = new Promise<void>((resolve) => (open = resolve));
      return () => (++arrived === ids.length && open(), all);
    };
    const [written, read] = [barrier(), barrier()];
    const seen = await Promise.all(
      ids.map((id) =>
        client.$transaction(async (tx) => {
          await tx.$executeRaw(insert(id, `concurrent ${id}`));
          await written();
          const rows = await tx.$queryRaw<
            { id: number }[]
          >`SELECT "id" FROM "Probe" WHERE "id" IN (${Prisma.join(ids)}) ORDER BY "id"`;
          await read();
          return rows;
        }),
      ),
    );
    // Uncommitted rows of the others are invisible: each saw only its own.
    expect(seen).toEqual(ids.map((id) => [{ id }]));
  });

  it("fail as Prisma's do: a refused statement carries the adapter's error, and is no outage", async () => {
    await client.$executeRaw(insert(51, "taken"));
    const viaPrisma = await prisma.$executeRaw(insert(52, "taken")).catch((error: unknown) => error);
    const direct = await client
      .$transaction((tx) => tx.$executeRaw(insert(53, "taken")))
      .catch((error: unknown) => error);
    const directOutside = await client.$executeRaw(insert(54, "taken")).catch((error: unknown) => error);
    const cause = (error: unknown) =>
      (error as { meta: { driverAdapterError: { cause: unknown } } }).meta.driverAdapterError.cause;
    for (const error of [viaPrisma, direct, directOutside]) {
      expect(error).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
      // Prisma's message starts with where it was called from (its own invocation, not the statement's).
      expect(error).toMatchObject({
        code: "P2010",
        message: expect.stringContaining(
          'Raw query failed. Code: `23505`. Message: `duplicate key value violates unique constraint "Probe_t_key"`',
        ),
      });
      expect(cause(error)).toMatchObject({ originalCode: "23505", kind: "UniqueConstraintViolation" });
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isUniqueViolation(error)).toBe(isUniqueViolation(viaPrisma));
    }
  });

  it("are refused once their transaction has ended, and write nothing", () =>
    expectRefusedOnceEnded(client, insert, [61, 62]));

  it("run on the driver: a statement in a transaction is sent when called (Prisma's only once awaited)", () =>
    expectSentWhenCalled(client, insert, 71));

  it("outside a transaction, run once awaited, as Prisma's do: one never awaited writes nothing", () =>
    expectRunOnceAwaited(client, insert, [81, 82]));

  it("work again after $disconnect, as Prisma's do (the client connects again)", async () => {
    const disconnected = createClient(database.url);
    expect(await disconnected.$queryRaw`SELECT ${1}::int AS "one"`).toEqual([{ one: 1 }]);
    await disconnected.$disconnect();
    expect(await disconnected.$queryRaw`SELECT ${2}::int AS "two"`).toEqual([{ two: 2 }]);
    expect(await disconnected.$transaction((tx) => tx.$queryRaw`SELECT ${3}::int AS "three"`)).toEqual([{ three: 3 }]);
    await disconnected.$disconnect();
  });

  it("are counted with the statements Prisma sends", async () => {
    const watch = watchStatements();
    await client.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${1}`;
    });
    await client.$queryRaw`SELECT "id" FROM "Probe" WHERE "id" = ${2}`;
    watch.stop();
    expect(watch.statements.filter((sql) => sql.includes('FROM "Probe"'))).toHaveLength(2);
  });
});
