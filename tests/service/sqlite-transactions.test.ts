// SQLite transactions take the write lock when they begin (patches/@prisma+adapter-better-sqlite3+6.19.3.patch).
// With the adapter's plain BEGIN, a transaction that read first could not write once another connection (another
// instance, the CLI) had committed in between: SQLITE_BUSY at once, whatever the busy timeout, which the API answered
// as 503 under load (seen as a member update failing while other processes wrote). Runs on a file of its own on
// either run of the suite: the behaviour is SQLite's.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/sqlite/client";
import { applyMigrations } from "@/lib/migrate-deploy";

const file = path.resolve("data", "test", `tx_${crypto.randomBytes(4).toString("hex")}.db`);
let prisma: InstanceType<typeof PrismaClient>;
let other: Database.Database;

beforeAll(() => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  applyMigrations(`file:${file}`);
  prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: 5000 }) });
  other = new Database(file);
  other.pragma("journal_mode = WAL");
  other.pragma("busy_timeout = 100");
});

afterAll(async () => {
  await prisma.$disconnect();
  other.close();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

const insertGrant = (name: string) =>
  other.prepare(`INSERT INTO "Grant" (uuid, name, descr) VALUES (?, ?, '')`).run(crypto.randomUUID(), name);

it("a transaction that reads first still writes when another connection commits meanwhile", async () => {
  let otherOutcome = "";
  await prisma.$transaction(async (tx) => {
    await tx.grant.count(); // the transaction reads first
    try {
      insertGrant("from another connection"); // waits for our lock (100 ms here), so it cannot slip in between
      otherOutcome = "committed";
    } catch (error) {
      otherOutcome = (error as { code?: string }).code ?? String(error);
    }
    await tx.grant.create({ data: { uuid: crypto.randomUUID(), name: "from the transaction", descr: "" } });
  });
  expect(otherOutcome).toBe("SQLITE_BUSY");
  expect(await prisma.grant.count({ where: { name: "from the transaction" } })).toBe(1);
});

it("a transaction that cannot get the lock fails, and the next one of the process still runs", async () => {
  other.exec("BEGIN IMMEDIATE");
  const blocked = prisma.$transaction(async (tx) => tx.grant.count());
  await expect(blocked).rejects.toThrow();
  other.exec("COMMIT");
  expect(await prisma.$transaction(async (tx) => tx.grant.count())).toBeGreaterThanOrEqual(1);
}, 30_000);
